/** @jest-environment node */
import { z } from 'zod';
import { TEXT_CHECKS } from '@/lib/schemas/text';
import { operations } from './index';

/** Every string an input schema accepts, with its path, found by walking the schema. */
function stringLeaves(
  schema: z.ZodType,
  path: string,
  found: { path: string; schema: z.ZodType }[] = [],
  seen = new Set<z.ZodType>(),
) {
  if (seen.has(schema)) return found;
  seen.add(schema);
  const def = (schema as unknown as { _zod: { def: Record<string, unknown> & { type: string } } })._zod.def;
  const walk = (child: unknown, childPath = path) => stringLeaves(child as z.ZodType, childPath, found, seen);
  switch (def.type) {
    case 'string':
      found.push({ path, schema });
      break;
    case 'object':
      for (const [key, child] of Object.entries(def.shape as Record<string, z.ZodType>)) walk(child, `${path}.${key}`);
      break;
    case 'array':
      walk(def.element, `${path}[]`);
      break;
    case 'union':
      for (const option of def.options as z.ZodType[]) walk(option);
      break;
    case 'intersection':
      walk(def.left);
      walk(def.right);
      break;
    case 'pipe':
      walk(def.in);
      break;
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      walk(def.innerType);
      break;
    case 'record':
      walk(def.valueType, `${path}.*`);
      break;
    default:
      break;
  }
  return found;
}

/** Strings with a fixed format (uuid, e-mail, ISO dates) cannot carry free text; the rest must use lib/schemas/text. */
function isFreeText(schema: z.ZodType): boolean {
  const zod = (schema as unknown as { _zod: { def: { checks?: unknown[]; format?: string } } })._zod;
  if (zod.def.format) return false;
  return !(zod.def.checks ?? []).some((check) => TEXT_CHECKS.has(check));
}

describe('every text an operation accepts goes through the text primitive', () => {
  const inputs = operations.flatMap((operation) =>
    (['body', 'query'] as const)
      .filter((part) => operation[part])
      .map((part) => ({ name: `${operation.method} ${operation.path} ${part}`, schema: operation[part]! })),
  );

  it('finds the operations', () => {
    expect(inputs.length).toBeGreaterThan(10);
  });

  it.each(inputs)('$name', ({ schema }) => {
    const unchecked = stringLeaves(schema, '').filter((leaf) => isFreeText(leaf.schema));
    expect(unchecked.map((leaf) => leaf.path || '(root)')).toEqual([]);
  });
});
