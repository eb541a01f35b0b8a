import { z } from './zod';

export const ROLES = ['admin', 'backoffice', 'distributor', 'manager'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const SCOPES = [
  'accounts.read',
  'accounts.write',
  'users.read',
  'users.write',
  'documents.read',
  'documents.write',
  'tasks.read',
  'tasks.write',
  'history.read',
  'approvals.read',
  'approvals.decide',
  'whitelist.read',
  'whitelist.write',
] as const;
export const scopeSchema = z.enum(SCOPES);
export type Scope = z.infer<typeof scopeSchema>;

/** The seed allows the scope field to be a list or a map of scope → true. */
export const scopeFieldSchema = z.union([z.array(z.string()), z.record(z.string(), z.unknown())]);
export type ScopeField = z.infer<typeof scopeFieldSchema>;
