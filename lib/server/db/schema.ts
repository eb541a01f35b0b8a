import { NOTIFICATION_KINDS } from '@/lib/schemas/notification-constants';
import { THEMES } from '@/lib/schemas/themes';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/**
 * A GIN index, merging its pending list in steps of 64 kB (migration 0039): at PostgreSQL's 4 MB the
 * one insert that found the list full merged all of it, and on the embedded database held the event
 * loop for it (issue 49). lib/server/db/gin-pending-list.test.ts fails for a GIN index without it.
 */
const ginIndex = (name: string, expression: Parameters<ReturnType<typeof index>['using']>[1]) =>
  index(name).using('gin', expression).with({ gin_pending_list_limit: 64 });
const id = () => uuid('id').primaryKey().defaultRandom();
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
/** Optimistic locking: every mutable record carries a version bumped on each write (SPEC §5). */
const version = () => integer('version').notNull().default(1);

export type BenefitRow = { code: string; amountCents: number; unit: string };

export const customerNumberSeq = pgSequence('customer_number_seq', { startWith: 1 });

export const accounts = pgTable(
  'accounts',
  {
    id: id(),
    customerNumber: text('customer_number')
      .notNull()
      .default(sql`next_customer_number()`),
    name: text('name').notNull(),
    legalForm: text('legal_form').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => accounts.id),
    /** Ancestors and the account itself, root first: row-level reach is `lineage @> {id}`. */
    lineage: uuid('lineage').array().notNull(),
    status: text('status', { enum: ['draft', 'active', 'suspended', 'archived'] })
      .notNull()
      .default('draft'),
    distributorId: uuid('distributor_id').references((): AnyPgColumn => users.id),
    street: text('street').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    country: text('country').notNull().default('DE'),
    contactName: text('contact_name').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    vatId: text('vat_id'),
    employeeCount: integer('employee_count').notNull().default(0),
    notes: text('notes').notNull().default(''),
    benefits: jsonb('benefits').$type<BenefitRow[]>().notNull().default([]),
    /** The folded name and searched text of the global search (migration 0012; lib/search/fold.ts). */
    searchName: text('search_name').generatedAlwaysAs(sql`search_fold("name")`),
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold("name" || ' ' || "city" || ' ' || "customer_number" || ' ' || coalesce("vat_id", ''))`,
    ),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('accounts_customer_number_key').on(t.customerNumber),
    index('accounts_parent_idx').on(t.parentId),
    ginIndex('accounts_lineage_gin', t.lineage),
    // Also INCLUDE (id) (migration 0022: a distributor's reach read from the index alone).
    index('accounts_distributor_idx').on(t.distributorId, t.name),
    index('accounts_status_idx').on(t.status, t.name),
    index('accounts_name_idx').on(t.name, t.id),
    index('accounts_city_idx').on(t.city, t.id),
    index('accounts_city_lower_idx').on(sql`lower(${t.city}) text_pattern_ops`),
    index('accounts_created_idx').on(t.createdAt, t.id),
    index('accounts_updated_idx').on(t.updatedAt, t.id),
    ginIndex('accounts_name_trgm', sql`lower(${t.name}) gin_trgm_ops`),
    // Global search (migration 0012, lib/server/services/search).
    ginIndex('accounts_search_trgm', sql`${t.searchText} gin_trgm_ops`),
    // A short word's word starts (migration 0030b, search-match.ts).
    ginIndex('accounts_search_word_starts', sql`search_word_starts(${t.searchText})`),
    index('accounts_search_name_idx').on(t.searchName),
  ],
);

/**
 * Account totals per distributor, status and level, kept exact by a trigger on `accounts`, so
 * that the list's total does not count 100,000 rows on every page view.
 * `distributor_key` is the distributor's id, or the zero UUID for accounts without one.
 */
export const accountCounts = pgTable(
  'account_counts',
  {
    distributorKey: uuid('distributor_key').notNull(),
    status: text('status').notNull(),
    isTopLevel: boolean('is_top_level').notNull(),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.distributorKey, t.status, t.isTopLevel] })],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    role: text('role', { enum: ['admin', 'backoffice', 'distributor', 'manager'] }).notNull(),
    accountId: uuid('account_id').references((): AnyPgColumn => accounts.id),
    status: text('status', { enum: ['invited', 'active', 'locked', 'deactivated'] })
      .notNull()
      .default('invited'),
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    /** The interface's colour theme (migration 0014; a CHECK there keeps it to these three). */
    theme: text('theme', { enum: THEMES }).notNull().default('system'),
    passwordHash: text('password_hash'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** Set by an approved erasure (GDPR Art. 17): name, e-mail and phone are then the pseudonym's. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** The folded text of the global search (migration 0012). */
    searchText: text('search_text').generatedAlwaysAs(
      sql`search_fold("first_name" || ' ' || "last_name" || ' ' || "email")`,
    ),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_account_idx').on(t.accountId),
    index('users_role_idx').on(t.role, t.lastName),
    index('users_name_idx').on(t.lastName, t.firstName, t.id),
    ginIndex('users_search_trgm', sql`${t.searchText} gin_trgm_ops`),
  ],
);

/** One row per signed-in device; the API checks it on every request (SPEC §4). */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** When this session last passed a second-factor check (sign-in, enrolment, step-up). */
    mfaVerifiedAt: timestamp('mfa_verified_at', { withTimezone: true }),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.revokedAt)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: id(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** Activation, password reset and e-mail confirmation links: stored hashed, single-use, expiring. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['activation', 'password_reset', 'email_confirmation'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_key').on(t.tokenHash),
    index('one_time_tokens_user_idx').on(t.userId, t.purpose),
  ],
);

/** Every sign-in attempt, for the per-address rate limit (SPEC §4: kept in the database). */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_in_attempts_ip_idx').on(t.ip, t.at),
    index('sign_in_attempts_email_idx').on(t.email, t.at),
    index('sign_in_attempts_at_idx').on(t.at),
  ],
);

/**
 * Consecutive failures per e-mail address, whether or not a user has it, so that a lockout
 * answer never tells which addresses exist.
 */
export const signInLockouts = pgTable('sign_in_lockouts', {
  email: text('email').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const documents = pgTable(
  'documents',
  {
    id: id(),
    title: text('title').notNull(),
    category: text('category', {
      enum: ['contract', 'policy', 'benefit_overview', 'invoice', 'employee_list', 'other'],
    }).notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    description: text('description').notNull().default(''),
    currentVersion: integer('current_version').notNull().default(1),
    createdById: uuid('created_by_id').references(() => users.id),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The folded title of the global search (migration 0012). */
    searchTitle: text('search_title').generatedAlwaysAs(sql`search_fold("title")`),
    /**
     * The current version's folded file name (migration 0036): kept by triggers on both tables, never
     * written by the app, so the global search's text has an index of its own.
     */
    searchFileName: text('search_file_name'),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('documents_account_idx').on(t.accountId, t.createdAt),
    index('documents_category_idx').on(t.category, t.createdAt),
    index('documents_created_idx').on(t.createdAt, t.id),
    ginIndex('documents_search_trgm', sql`${t.searchTitle} gin_trgm_ops`),
    ginIndex(
      'documents_search_text_trgm',
      sql`((${t.searchTitle} || ' ' || coalesce(${t.searchFileName}, ''))) gin_trgm_ops`,
    ),
  ],
);

export const documentVersions = pgTable(
  'document_versions',
  {
    id: id(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id),
    number: integer('number').notNull(),
    fileName: text('file_name').notNull(),
    /** The file name folded for the global search (migration 0021). */
    searchFileName: text('search_file_name').generatedAlwaysAs(sql`search_fold("file_name")`),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedById: uuid('uploaded_by_id').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('document_versions_number_key').on(t.documentId, t.number)],
);

/**
 * A version's bytes, in chunks of 256 KiB (the last one shorter) numbered from 0 (migration 0016;
 * `lib/server/services/documents/content-chunks.ts`): written and read one chunk per statement.
 * Stored uncompressed out of line, like the former `document_versions.content` (migration 0007).
 */
export const documentChunks = pgTable(
  'document_chunks',
  {
    versionId: uuid('version_id')
      .notNull()
      .references(() => documentVersions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ name: 'document_chunks_pkey', columns: [t.versionId, t.seq] })],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: ['open', 'in_progress', 'done'] })
      .notNull()
      .default('open'),
    priority: text('priority', { enum: ['low', 'normal', 'high'] })
      .notNull()
      .default('normal'),
    dueDate: date('due_date', { mode: 'string' }),
    assigneeId: uuid('assignee_id')
      .notNull()
      .references(() => users.id),
    createdById: uuid('created_by_id')
      .notNull()
      .references(() => users.id),
    accountId: uuid('account_id').references(() => accounts.id),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The folded title of the global search (migration 0012). */
    searchTitle: text('search_title').generatedAlwaysAs(sql`search_fold("title")`),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    index('tasks_assignee_idx').on(t.assigneeId, t.status, t.dueDate),
    index('tasks_creator_idx').on(t.createdById, t.status, t.dueDate),
    index('tasks_account_idx').on(t.accountId),
    ginIndex('tasks_search_trgm', sql`${t.searchTitle} gin_trgm_ops`),
  ],
);

/** Append-only audit trail. A trigger in the migrations refuses UPDATE, DELETE and TRUNCATE. */
export const changes = pgTable(
  'changes',
  {
    id: id(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').references(() => users.id),
    actorLabel: text('actor_label').notNull().default(''),
    /** `api_key`: a machine client wrote it; the label is then the key's name (issue 48). */
    actorType: text('actor_type', { enum: ['user', 'api_key'] })
      .notNull()
      .default('user'),
    entityType: text('entity_type', {
      enum: ['account', 'user', 'document', 'task', 'whitelist_entry', 'approval', 'import'],
    }).notNull(),
    entityId: uuid('entity_id').notNull(),
    entityLabel: text('entity_label').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    action: text('action', {
      enum: [
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
      ],
    }).notNull(),
    fields: jsonb('fields').$type<ChangeField[]>().notNull().default([]),
    approvalId: uuid('approval_id'),
    /**
     * Tamper evidence: the entry's chain (1–16, the one its transaction held), its place in it, the hash before it and
     * SHA-256(prevHash || canonical entry). Set by the `changes_link` trigger; writers pass nothing.
     */
    chain: integer('chain')
      .notNull()
      .$defaultFn(() => 0),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .$defaultFn(() => 0),
    prevHash: bytea('prev_hash')
      .notNull()
      .$defaultFn(() => new Uint8Array()),
    hash: bytea('hash')
      .notNull()
      .$defaultFn(() => new Uint8Array()),
  },
  (t) => [
    uniqueIndex('changes_chain_seq_key').on(t.chain, t.seq),
    index('changes_at_idx').on(t.at, t.id),
    index('changes_account_idx').on(t.accountId, t.at),
    index('changes_entity_idx').on(t.entityType, t.entityId, t.at),
    index('changes_entity_id_idx').on(t.entityId, t.at),
    index('changes_entity_chain_idx').on(t.entityId, t.chain, t.seq),
    index('changes_actor_idx').on(t.actorId, t.at),
    index('changes_approval_idx').on(t.approvalId),
    // The history's search: a part of the entity label, at a million entries.
    ginIndex('changes_entity_label_trgm', sql`lower(${t.entityLabel}) gin_trgm_ops`),
  ],
);
export type ChangeField = { field: string; before: unknown; after: unknown };

/** The newest link of each of the history's 16 hash chains (a writing transaction locks one). */
export const changesChainHead = pgTable('changes_chain_head', {
  id: integer('id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: bytea('hash').notNull(),
});

/**
 * A person's values the history names (a user's old and new e-mail, name, phone), referenced from
 * history entries as `⟦v:<person>:<id>⟧`. Erasure deletes the person's rows, no history row changes.
 */
export const historyPersonalValues = pgTable(
  'history_personal_values',
  {
    id: id(),
    personId: uuid('person_id').notNull(),
    value: text('value').notNull(),
    /** HMAC-SHA256 under AUDIT_CHAIN_KEY over id, person and value (lib/server/history/keyed.ts). */
    mac: bytea('mac'),
  },
  (t) => [index('history_personal_values_person_idx').on(t.personId)],
);

/** The keyed chain (issue 44): each entry's HMAC under AUDIT_CHAIN_KEY, written in the entry's transaction. */
/**
 * A record's state every 64 history entries (issue 51, lib/server/history/snapshots.ts): a cache the
 * as-of read writes after verifying the entries, each row MAC'd; the mark names the generation in use
 * and what it was verified against.
 */
export const historySnapshotMarks = pgTable(
  'history_snapshot_marks',
  {
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    generation: uuid('generation').notNull(),
    heads: text('heads').notNull(),
    guard: text('guard').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    mac: bytea('mac').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entityType, t.entityId] })],
);

export const historySnapshots = pgTable(
  'history_snapshots',
  {
    entityType: text('entity_type').notNull(),
    entityId: uuid('entity_id').notNull(),
    changeId: uuid('change_id').notNull(),
    generation: uuid('generation').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    chain: integer('chain').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    hash: text('hash').notNull(),
    entries: integer('entries').notNull(),
    state: text('state').notNull(),
    mac: bytea('mac').notNull(),
  },
  (t) => [
    primaryKey({ name: 'history_snapshots_pkey', columns: [t.changeId, t.entityType, t.entityId] }),
    index('history_snapshots_position_idx').on(t.entityType, t.entityId, t.generation, t.at, t.chain, t.seq),
  ],
);

export const changesMac = pgTable('changes_mac', {
  changeId: uuid('change_id').primaryKey(),
  mac: bytea('mac').notNull(),
});

/** The one-time sealing of the entries written before the keyed chain (lib/server/history/anchor.ts). */
export const changesAnchor = pgTable('changes_anchor', {
  id: integer('id').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  heads: jsonb('heads').$type<{ chain: number; seq: number; hash: string }[]>().notNull(),
  sealed: bigint('sealed', { mode: 'number' }).notNull(),
  mac: bytea('mac').notNull(),
});

export const approvals = pgTable(
  'approvals',
  {
    id: id(),
    kind: text('kind', {
      enum: ['account_activation', 'benefit_change', 'account_archive', 'role_grant', 'mfa_reset', 'user_erasure'],
    }).notNull(),
    entityType: text('entity_type', { enum: ['account', 'user'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    entityLabel: text('entity_label').notNull(),
    accountId: uuid('account_id').references(() => accounts.id),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    baseVersion: integer('base_version').notNull(),
    reason: text('reason').notNull().default(''),
    status: text('status', { enum: ['pending', 'approved', 'rejected', 'withdrawn', 'obsolete'] })
      .notNull()
      .default('pending'),
    requestedById: uuid('requested_by_id')
      .notNull()
      .references(() => users.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedById: uuid('decided_by_id').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    comment: text('comment').notNull().default(''),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('approvals_one_pending_key')
      .on(t.entityType, t.entityId, t.kind)
      .where(sql`${t.status} = 'pending'`),
    index('approvals_status_idx').on(t.status, t.requestedAt),
    index('approvals_account_idx').on(t.accountId, t.status),
    index('approvals_requester_idx').on(t.requestedById, t.status),
    index('approvals_entity_idx').on(t.entityId),
  ],
);

export const whitelistEntries = pgTable(
  'whitelist_entries',
  {
    id: id(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id),
    kind: text('kind', { enum: ['email', 'domain'] }).notNull(),
    value: text('value').notNull(),
    note: text('note').notNull().default(''),
    validUntil: date('valid_until', { mode: 'string' }),
    createdById: uuid('created_by_id').references(() => users.id),
    /** The folded value of the global search (migration 0012). */
    searchValue: text('search_value').generatedAlwaysAs(sql`search_fold("value")`),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('whitelist_entries_value_key').on(t.accountId, t.kind, t.value),
    index('whitelist_entries_lookup_idx').on(t.kind, t.value),
    index('whitelist_entries_created_idx').on(t.createdAt, t.id),
    index('whitelist_entries_value_idx').on(t.value, t.id),
    // The list's other orders, with and without an account, and its search (migration 0020).
    index('whitelist_entries_valid_until_idx').on(t.validUntil, t.value, t.id),
    index('whitelist_entries_account_value_idx').on(t.accountId, t.value, t.id),
    index('whitelist_entries_account_valid_until_idx').on(t.accountId, t.validUntil, t.value, t.id),
    index('whitelist_entries_account_created_idx').on(t.accountId, t.createdAt, t.id),
    ginIndex('whitelist_entries_list_search_trgm', sql`(${t.value} || E'\n' || lower(${t.note})) gin_trgm_ops`),
    ginIndex('whitelist_entries_search_trgm', sql`${t.searchValue} gin_trgm_ops`),
    ginIndex('whitelist_entries_search_word_starts', sql`search_word_starts(${t.searchValue})`),
    index('whitelist_entries_search_value_idx').on(t.searchValue),
  ],
);

/** Mail that could not or need not go out over SMTP stays here (the embedded default). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    template: text('template').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The last attempt's error (kept after a later success, for the record). */
    error: text('error'),
    /** SMTP attempts so far (the mail job retries with exponential backoff for more than 24 h). */
    attempts: integer('attempts').notNull().default(0),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/**
 * Idempotent creates (IETF httpapi Idempotency-Key draft): the first answer to a POST, per user
 * and key, for 24 hours. `status_code` is null while the first request is still running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_expires_idx').on(t.expiresAt)],
);

/** One row per server instance, rewritten by the readiness probe: proves the database takes writes. */
export const readinessProbes = pgTable('readiness_probes', {
  instance: text('instance').primaryKey(),
  checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A user's TOTP factor (RFC 6238). The secret is encrypted at rest (lib/server/auth/mfa-crypto.ts);
 * `confirmedAt` is null while enrolment waits for the first code; `lastStep` is the time step of
 * the last accepted code, so no code is accepted twice.
 */
export const mfaTotp = pgTable('mfa_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Single-use recovery codes, stored as Argon2id hashes. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** Registered passkeys (WebAuthn credentials). */
export const mfaPasskeys = pgTable(
  'mfa_passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('mfa_passkeys_credential_key').on(t.credentialId), index('mfa_passkeys_user_idx').on(t.userId)],
);

/**
 * Short-lived, single-use challenges: the `mfa_token` between the password and the second factor
 * (`sign_in`, stored hashed), and WebAuthn challenges (`passkey_registration`, `step_up`).
 */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['sign_in', 'passkey_registration', 'step_up'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The WebAuthn challenge handed out for this token (base64url), if any. */
    challenge: text('challenge'),
    failedCount: integer('failed_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mfa_challenges_token_key').on(t.tokenHash), index('mfa_challenges_user_idx').on(t.userId)],
);

/** In-app notifications; `delivery` says how its mail goes (at once, in the digest, none). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    title: text('title').notNull(),
    entityType: text('entity_type', { enum: ['task', 'approval', 'document'] }).notNull(),
    entityId: uuid('entity_id').notNull(),
    /** One notification per recipient and event, whichever instance or retry writes it. */
    dedupeKey: text('dedupe_key').notNull(),
    delivery: text('delivery', { enum: ['immediate', 'digest', 'off'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    digestedAt: timestamp('digested_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.userId, t.dedupeKey),
    index('notifications_user_idx').on(t.userId, t.readAt, t.createdAt),
    index('notifications_digest_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.delivery} = 'digest' AND ${t.digestedAt} IS NULL`),
  ],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One digest per user and Berlin day, whichever instance runs it. */
export const digestRuns = pgTable(
  'digest_runs',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Saved views (issue 27): a list's URL state under a name, per user and list (`list_key` is the
 * list descriptor's id). At most one default per user and list; names are unique ignoring case.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    name: text('name').notNull(),
    /** The list page's query string without `?` and page (e.g. `status=active&sort=name&order=desc`). */
    query: text('query').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    version: version(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('saved_views_name_key').on(t.userId, t.listKey, sql`lower(${t.name})`),
    uniqueIndex('saved_views_default_key')
      .on(t.userId, t.listKey)
      .where(sql`${t.isDefault}`),
  ],
);

/** The columns a person hid in a list (the descriptors' stable column keys); no row: all shown. */
export const listColumns = pgTable(
  'list_columns',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text('list_key').notNull(),
    hidden: jsonb('hidden').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'list_columns_pkey', columns: [t.userId, t.listKey] })],
);

/**
 * API keys for machine clients (issue 48): scopes, a reach (every account, or one account tree), an
 * expiry; revoked keys stay for the history. The per-minute rate window lives on the row.
 */
export const apiKeys = pgTable('api_keys', {
  id: id(),
  name: text('name').notNull(),
  scopes: text('scopes').array().notNull(),
  /** The root of the account tree the key reaches; null reaches every account. */
  accountId: uuid('account_id').references(() => accounts.id),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  createdById: uuid('created_by_id')
    .notNull()
    .references(() => users.id),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  lastUsedIp: text('last_used_ip'),
  rateWindowStart: timestamp('rate_window_start', { withTimezone: true }).notNull().defaultNow(),
  rateCount: integer('rate_count').notNull().default(0),
  version: version(),
  ...timestamps(),
});

/**
 * A key's secrets: SHA-256 of the secret and its visible prefix. A rotation adds one and gives the
 * previous one an end (`expires_at`), so both work during the overlap.
 */
export const apiKeySecrets = pgTable(
  'api_key_secrets',
  {
    id: id(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    prefix: text('prefix').notNull(),
    secretHash: text('secret_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('api_key_secrets_prefix_key').on(t.prefix), index('api_key_secrets_key_idx').on(t.apiKeyId)],
);

/**
 * Webhook endpoints (issue 48): an HTTPS URL, the events it receives and its signing secret
 * (`whsec_…`, sealed like TOTP secrets). An endpoint failing for 24 hours is disabled.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: id(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  secretEncrypted: text('secret_encrypted').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  /** The first failed attempt since the last success. */
  failingSince: timestamp('failing_since', { withTimezone: true }),
  createdById: uuid('created_by_id')
    .notNull()
    .references(() => users.id),
  version: version(),
  ...timestamps(),
});

/** One event for one endpoint: its id is the `webhook-id`, its payload the body sent on every attempt. */
export const webhookMessages = pgTable(
  'webhook_messages',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('webhook_messages_endpoint_idx').on(t.endpointId, t.createdAt)],
);

/** The delivery log: every attempt with its status, duration and at most 64 KB of the answer. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    responseBody: text('response_body').notNull().default(''),
  },
  (t) => [index('webhook_attempts_message_idx').on(t.messageId, t.at)],
);

/**
 * Who looked at whose personal data (issue 51, migration 0034): one row per person a request showed
 * or exported. Append-only (a trigger refuses UPDATE, TRUNCATE and any DELETE outside
 * `access_log_purge()`); ids only, labels are resolved when it is read.
 */
export const accessLog = pgTable(
  'access_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    apiKeyId: uuid('api_key_id'),
    subjectId: uuid('subject_id').notNull(),
    operation: text('operation').notNull(),
    route: text('route').notNull(),
    requestId: text('request_id'),
  },
  (t) => [
    index('access_log_subject_idx').on(t.subjectId, t.at.desc(), t.id.desc()),
    index('access_log_actor_idx').on(t.actorId, t.at.desc(), t.id.desc()),
    index('access_log_at_brin').using('brin', t.at),
  ],
);

/**
 * An import's report (issue 49): every real run of the account, user and whitelist importers keeps
 * its report (the counts and at most 1,000 issues) here; the import's history entry carries its id.
 */
export const imports = pgTable(
  'imports',
  {
    id: id(),
    kind: text('kind', { enum: ['accounts', 'users', 'whitelist'] }).notNull(),
    actorId: uuid('actor_id').references(() => users.id),
    actorLabel: text('actor_label').notNull().default(''),
    accountId: uuid('account_id').references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    report: jsonb('report').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index('imports_created_idx').on(t.createdAt)],
);

/**
 * Deleted tasks and whitelist entries within the restore window (issue 51, migration 0033): the row as
 * JSON, restored by `POST /{resource}/{id}/restore/`, removed for good by the purge job after
 * RESTORE_WINDOW_DAYS.
 */
export const deletedRecords = pgTable(
  'deleted_records',
  {
    id: uuid('id').primaryKey(),
    entityType: text('entity_type', { enum: ['task', 'whitelist_entry'] }).notNull(),
    accountId: uuid('account_id'),
    label: text('label').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
    deletedById: uuid('deleted_by_id'),
  },
  (t) => [index('deleted_records_deleted_idx').on(t.deletedAt)],
);
