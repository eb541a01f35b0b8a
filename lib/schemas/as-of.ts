import { z } from './zod';

/**
 * `?asOf=<RFC 3339>` on a single record's read (issue 51): the record as it was then. Other query
 * parameters are ignored, as the lists ignore them (a cache buster, a proxy's tag): the read they
 * answered before `asOf` existed must not turn into a 422.
 */
export const asOfQuerySchema = z.object({
  asOf: z.iso
    .datetime({ offset: true })
    .optional()
    .meta({ description: 'RFC 3339 moment: the record as the history shows it then (422 before it existed)' }),
});
export type AsOfQuery = z.infer<typeof asOfQuerySchema>;

export const AS_OF_BROKEN_REASONS = ['hash', 'prev_hash', 'next', 'mac'] as const;

export const asOfVerificationSchema = z.object({
  ok: z.boolean().meta({
    description:
      'Every history entry of the record up to the moment holds: its hash, its links to the entries before and after it in its chain, its MAC',
  }),
  checked: z.number().int(),
  firstBroken: z.object({ id: z.uuid(), reason: z.enum(AS_OF_BROKEN_REASONS) }).nullable(),
});

export const asOfChildSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  status: z.string(),
  parentId: z.uuid().nullable(),
});

export const asOfViewSchema = z
  .object({
    asOf: z.iso.datetime({ offset: true }),
    entityType: z.enum(['account', 'user', 'document', 'task', 'whitelist_entry']),
    id: z.uuid(),
    createdAt: z.iso.datetime({ offset: true }),
    /** Deleted at the moment (the state shown is the one it had when deleted). */
    deletedAt: z.iso.datetime({ offset: true }).nullable(),
    values: z.record(z.string(), z.unknown()).meta({ description: 'The fields as the history holds them, as of then' }),
    changedSince: z.array(z.string()).meta({ description: 'Fields whose value differs now' }),
    entries: z.number().int().meta({ description: 'History entries of the record up to the moment' }),
    verification: asOfVerificationSchema,
    /** An account's sub-accounts as of then (the whole tree below it, each with its parent). */
    children: z.array(asOfChildSchema).optional(),
  })
  .meta({ id: 'AsOfView' });
export type AsOfView = z.infer<typeof asOfViewSchema>;

/** `POST /{resource}/{id}/restore/`: the deleted record is back (204). */
