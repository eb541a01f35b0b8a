import { z } from './zod';
import { BULK_MAX_IDS, BULK_OUTCOMES, type BulkResult } from './bulk-constants';

export { BULK_MAX_IDS };

/**
 * The ids as the database spells them: lower-case, each once. A uuid's letters may come in any
 * case, so `ABC…` and `abc…` name one row and must count once (issue 45).
 */
export function normaliseIds(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))];
}

/** The rows a bulk action names: 1 to 1,000 ids (more → 422 and nothing is done), normalised. */
export const bulkIdsSchema = z
  .array(z.uuid())
  .min(1)
  .max(BULK_MAX_IDS)
  .transform(normaliseIds)
  .meta({
    description: `The rows to act on: 1 to ${BULK_MAX_IDS} ids; a repeated id counts once, whatever the case of its letters.`,
  });

/**
 * The version each row was shown with (its list item's `version`): a row changed since answers
 * `conflict` and stays as it is. A row without one is changed as it is now.
 */
export const bulkVersionsSchema = z
  .record(z.uuid(), z.number().int().min(1))
  .transform((versions) =>
    Object.fromEntries(Object.entries(versions).map(([id, version]) => [id.toLowerCase(), version])),
  )
  .optional()
  .meta({ description: 'Optional: id → the version the caller saw; a row changed since answers `conflict`.' });

/** The body of `POST /{resource}/bulk`: the action, its rows and the action's parameters. */
export function bulkActionSchema<Action extends string, Params extends z.ZodRawShape>(action: Action, params: Params) {
  return z.strictObject({ action: z.literal(action), ids: bulkIdsSchema, ...params });
}

/** The body of a bulk action on versioned rows: also the versions the caller saw. */
export function versionedBulkActionSchema<Action extends string, Params extends z.ZodRawShape>(
  action: Action,
  params: Params,
) {
  return bulkActionSchema(action, { versions: bulkVersionsSchema, ...params });
}

const reasonSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

export const bulkResultSchema = z
  .object({
    results: z.array(
      z.object({
        id: z.string(),
        outcome: z.enum(BULK_OUTCOMES).meta({
          description:
            'ok: done; not_found: unknown or out of reach (the two are not told apart); forbidden: in reach but not yours to change; conflict: changed meanwhile or in a state that refuses it; invalid: the action does not fit the row (`reason` says why)',
        }),
        reason: reasonSchema.optional(),
      }),
    ),
    counts: z.object(
      Object.fromEntries(BULK_OUTCOMES.map((outcome) => [outcome, z.number().int()])) as {
        [K in (typeof BULK_OUTCOMES)[number]]: z.ZodNumber;
      },
    ),
  })
  .meta({ id: 'BulkResult' }) satisfies z.ZodType<BulkResult, BulkResult>;
