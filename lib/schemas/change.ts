import { z } from './zod';
import { calendarDay } from './calendar-day';
import { fieldChangeSchema } from './approval';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, deepestCountedPage, listSearchSchema } from './list';
import { problem } from './problems';

export const CHANGE_ENTITY_TYPES = [
  'account',
  'user',
  'document',
  'task',
  'whitelist_entry',
  'approval',
  'import',
] as const;
export const CHANGE_ACTIONS = [
  'create',
  'update',
  'delete',
  'status_change',
  'approve',
  'reject',
  'withdraw',
  'upload',
  'login_locked',
  'mfa_enrol',
  'mfa_disable',
  'mfa_reset',
  'mfa_recovery_code_used',
  'restore',
  'purge',
] as const;
export type ChangeEntityType = (typeof CHANGE_ENTITY_TYPES)[number];
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

export const changeSchema = z
  .object({
    id: z.uuid(),
    at: z.iso.datetime({ offset: true }),
    actor: z.object({
      id: z.uuid().nullable(),
      name: z.string(),
      /** `api_key`: a machine client's key wrote the entry; `name` is the key's (issue 48). */
      type: z.enum(['user', 'api_key']),
    }),
    entityType: z.enum(CHANGE_ENTITY_TYPES),
    entityId: z.uuid(),
    entityLabel: z.string(),
    accountId: z.uuid().nullable(),
    action: z.enum(CHANGE_ACTIONS),
    fields: z.array(fieldChangeSchema),
    approvalId: z.uuid().nullable(),
    chain: z.number().int().meta({ description: 'The hash chain (1–16) the entry’s transaction linked it into' }),
    seq: z.number().int().meta({ description: 'The entry’s place in its chain (1, 2, …)' }),
    prevHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'Hash of the entry before (hex; 64 zeros for the first)' }),
    hash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .meta({ description: 'SHA-256(prevHash || canonical entry), hex; README "Tamper evidence"' }),
  })
  .meta({ id: 'Change' });
export type Change = z.infer<typeof changeSchema>;

const brokenLinkSchema = z.object({
  id: z.uuid().nullable().meta({ description: 'The entry whose link fails (null: the chain head row)' }),
  chain: z.number().int(),
  seq: z.number().int(),
  reason: z.enum(['hash', 'prev_hash', 'seq_gap', 'head', 'mac', 'checkpoint']).meta({
    description:
      'hash: the entry was changed; prev_hash: it does not point at its predecessor; seq_gap: its seq does not follow its predecessor’s (entries before it missing, inserted or reordered) or it is in no chain; head: entries at the end are missing; mac: its MAC under AUDIT_CHAIN_KEY fails or is missing (forged, rewritten or inserted behind the app; chain 0: a personal value, id given, or the anchor); checkpoint: the chain ends before or differs from its last checkpoint outside the database (chain 0: the anchor is not the checkpoint’s)',
  }),
});

export const changeVerificationSchema = z
  .object({
    ok: z.boolean().meta({ description: 'true when every link holds' }),
    checked: z.number().int().meta({ description: 'Entries whose link was checked and holds' }),
    heads: z
      .array(
        z.object({
          chain: z.number().int(),
          seq: z.number().int(),
          hash: z
            .string()
            .nullable()
            .meta({ description: 'Hash of the chain’s newest valid entry (hex), to note down' }),
          broken: brokenLinkSchema
            .omit({ chain: true })
            .nullable()
            .meta({ description: 'The chain’s first broken link' }),
        }),
      )
      .meta({ description: 'Every chain’s newest checked link' }),
    firstBroken: brokenLinkSchema.nullable().meta({ description: 'The first broken link (of the lowest chain)' }),
    keyed: z
      .boolean()
      .meta({ description: 'true: every entry’s and personal value’s MAC under AUDIT_CHAIN_KEY was checked' }),
    personalValues: z
      .object({ checked: z.number().int(), broken: z.uuid().nullable() })
      .meta({ description: 'The personal values whose MAC was checked, and the first that fails' }),
    checkpointAt: z
      .string()
      .nullable()
      .meta({ description: 'The checkpoint (AUDIT_CHECKPOINT_FILE) the chains were held against; null: none' }),
    durationMs: z.number().int(),
  })
  .meta({ id: 'ChangeVerification' });
export type ChangeVerification = z.infer<typeof changeVerificationSchema>;

export const changeCheckpointSchema = z
  .object({
    kind: z.literal('ebmt-audit-checkpoint'),
    at: z.string().meta({ description: 'When the heads were read (ISO 8601, UTC)' }),
    anchoredAt: z.string().nullable().meta({ description: 'When the entries before the key were sealed' }),
    heads: z.array(z.object({ chain: z.number().int(), seq: z.number().int(), hash: z.string() })),
    sig: z.string().meta({ description: 'HMAC-SHA256 under AUDIT_CHAIN_KEY (hex)' }),
  })
  .meta({ id: 'ChangeCheckpoint' });

/** A calendar day `JJJJ-MM-TT`, read as a day in Germany. */
const daySchema = calendarDay();

/**
 * The newest `MAX_COUNTED_CHANGES` + 1 rows are counted at most: beyond that the list says "more
 * than 10,000" instead of counting a million rows for every page view (see find-changes.ts).
 */
export const MAX_COUNTED_CHANGES = 10_000;

/** The deepest page a page number reaches without a cursor: the one holding row MAX_COUNTED_CHANGES + 1. */
export const maxChangePage = (perPage: number) => deepestCountedPage(MAX_COUNTED_CHANGES, perPage);

const changeFilters = {
  entityType: z.enum(CHANGE_ENTITY_TYPES).optional(),
  /** The entity's own changes and those of the approvals about it. */
  entityId: z.uuid().optional(),
  action: z.enum(CHANGE_ACTIONS).optional(),
  actorId: z.uuid().optional(),
  accountId: z.uuid().optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** Part of the entity label, case-insensitive. */
  q: listSearchSchema.optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  sort: z.enum(['at']).default('at'),
};

export const changeListQuerySchema = z
  .strictObject({
    ...changeFilters,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    perPage: z.coerce.number().int().min(1).max(MAX_PER_PAGE).default(DEFAULT_PER_PAGE),
    /**
     * Keyset cursor (`nextCursor` of the previous page): the page starts right after that row, so
     * paging on through a million changes costs the same on page 5,000 as on page 1.
     */
    after: z.uuid().optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: problem('endBeforeStart'),
    path: ['to'],
  })
  // A page number alone reaches as deep as the count does; beyond, "Weiter" carries a cursor.
  // So no request skips more than MAX_COUNTED_CHANGES rows, and a deep page costs what page 1 does.
  .refine((query) => query.after !== undefined || query.page <= maxChangePage(query.perPage), {
    message: problem('pageBeyondCount'),
    path: ['page'],
  })
  .meta({ id: 'ChangeListQuery' });
export type ChangeListQuery = z.infer<typeof changeListQuerySchema>;

export const changeListSchema = z
  .object({
    items: z.array(changeSchema),
    /** Exact up to MAX_COUNTED_CHANGES; beyond, MAX_COUNTED_CHANGES + 1 with `totalIsLowerBound`. */
    total: z.number().int(),
    totalIsLowerBound: z.boolean(),
    page: z.number().int(),
    perPage: z.number().int(),
    /** Pass as `after` with page + 1 for the next page; null on the last page. */
    nextCursor: z.string().nullable(),
  })
  .meta({ id: 'ChangeList' });
export type ChangeList = z.infer<typeof changeListSchema>;

export const changeExportQuerySchema = z
  .strictObject(changeFilters)
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: problem('endBeforeStart'),
    path: ['to'],
  })
  .meta({ id: 'ChangeExportQuery' });
export type ChangeExportQuery = z.infer<typeof changeExportQuerySchema>;
