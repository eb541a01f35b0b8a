import { z } from './zod';
import { ROLES, SCOPES } from './role-rules';

export * from './role-rules';

export const roleSchema = z.enum(ROLES);
export const scopeSchema = z.enum(SCOPES);

/** The seed allows the scope field to be a list or a map of scope → true. */
export const scopeFieldSchema = z.union([z.array(z.string()), z.record(z.string(), z.unknown())]);
export type ScopeField = z.infer<typeof scopeFieldSchema>;
