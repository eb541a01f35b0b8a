import 'server-only';
import { createHash, randomUUID } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { hashPassword } from '@/lib/server/auth/passwords';
import { redactFields } from '@/lib/server/history/record-change';
import { PERSONAL_FIELDS, personRef, valueRef } from '@/lib/server/history/personal-refs';
import type { Tx } from '../types';
import {
  accounts,
  approvals,
  changes,
  documentChunks,
  documents,
  documentVersions,
  tasks,
  users,
  whitelistEntries,
  historyPersonalValues,
  type ChangeField,
} from '../schema';
import { splitIntoChunks } from '@/lib/server/services/documents/content-chunks';
import { minimalPdf } from './minimal-pdf';
import type { Role, AccountStatus, ChangeInsert, ApprovalInsert } from './demo-data/types';
import { USER_SEEDS, type UserKey } from './demo-data/users';
import { ACCOUNT_TREES, type AccountSeed, type TreeSeed } from './demo-data/accounts';
import { ACCOUNT_EVENTS } from './demo-data/account-events';
import { APPROVAL_SEEDS } from './demo-data/approvals';
import { TASK_SEEDS } from './demo-data/tasks';
import { WHITELIST_SEEDS, WHITELIST_UPDATES, WHITELIST_REMOVED } from './demo-data/whitelist';
import { DOCUMENT_SEEDS } from './demo-data/documents';

/*
 * Demo data for a fresh database (SPEC §7): fictional German employers in account trees, 20 users
 * over all roles, tasks, whitelist entries, documents with small generated PDFs, approvals and a
 * coherent history spread over the last 90 days.
 *
 * The story: on day 90 the platform was set up and the existing customers were imported from the
 * old system (hence active accounts without an activation approval); since then distributors and
 * the back office have worked in the tool, so newer accounts went through draft and four-eyes
 * approvals. Every record's version, createdAt and updatedAt follow from the history written for
 * it, and the seed checks the invariants the app relies on before it inserts anything.
 */

/** The one password of every demo sign-in; printed in the README. */
export const DEMO_PASSWORD = 'Demo-Passwort-2026';

/** The demo sign-ins, one per role, for the README, scripts and tests. */
export const DEMO_SIGN_INS = [
  { email: 'admin@example.com', role: 'admin' },
  { email: 'innendienst@example.com', role: 'backoffice' },
  { email: 'vertrieb@example.com', role: 'distributor' },
  { email: 'manager@example.com', role: 'manager' },
] as const satisfies ReadonlyArray<{ email: string; role: Role }>;

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

const DAY_MS = 24 * 60 * 60 * 1000;

/** Times relative to the moment of seeding, so the demo always looks recent. */
class Clock {
  constructor(readonly now: Date) {}

  /** A moment `daysAgo` days back during office hours; `slot` spreads events of one day. */
  at(daysAgo: number, slot = 0): Date {
    const day = new Date(this.now.getTime() - daysAgo * DAY_MS);
    day.setUTCHours(7, 0, 0, 0);
    const moment = new Date(day.getTime() + (slot % 540) * 60_000 + 17 * 60_000);
    // Events of today must not lie in the future.
    const latest = this.now.getTime() - 5 * 60_000;
    return moment.getTime() > latest ? new Date(latest - (540 - (slot % 540)) * 1000) : moment;
  }

  hoursAgo(hours: number): Date {
    return new Date(this.now.getTime() - hours * 60 * 60 * 1000);
  }

  /** A calendar date `offset` days from today, as the API's 'YYYY-MM-DD'. */
  day(offset: number): string {
    return new Date(this.now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
  }
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`demo seed: unknown ${what}`);
  return value;
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function dateDe(iso: string): string {
  const [year, month, day] = iso.split('-');
  return `${day}.${month}.${year}`;
}

type UserRow = typeof users.$inferInsert & { id: string };
type AccountRow = typeof accounts.$inferInsert & { id: string; lineage: string[] };

/**
 * Collects the history in memory. Every entry after `create` that changes the record bumps its
 * version, so the optimistic-lock versions of the seeded records match their history.
 */
class History {
  readonly rows: ChangeInsert[] = [];
  /** People's values the entries reference (as the app's recordChange stores them). */
  readonly personalValues: { id: string; personId: string; value: string }[] = [];
  private readonly events = new Map<string, Date[]>();

  constructor(private readonly userRows: Map<string, UserRow>) {}

  add(entry: {
    at: Date;
    actor: UserKey | null;
    entityType: ChangeInsert['entityType'];
    entityId: string;
    entityLabel: string;
    accountId: string | null;
    action: ChangeInsert['action'];
    fields?: ChangeField[];
    approvalId?: string;
    personId?: string;
  }): void {
    const actor = entry.actor === null ? undefined : must(this.userRows.get(entry.actor), `user ${entry.actor}`);
    const personId = entry.personId ?? (entry.entityType === 'user' ? entry.entityId : undefined);
    const keep = (value: unknown): unknown => {
      if (entry.entityType !== 'user' || typeof value !== 'string' || value === '') return value;
      const id = randomUUID();
      this.personalValues.push({ id, personId: entry.entityId, value });
      return valueRef(entry.entityId, id);
    };
    this.rows.push({
      at: entry.at,
      actorId: actor?.id ?? null,
      actorLabel: actor ? personRef(actor.id) : 'System',
      entityType: entry.entityType,
      entityId: entry.entityId,
      entityLabel: personId ? personRef(personId) : entry.entityLabel,
      accountId: entry.accountId,
      action: entry.action,
      fields: redactFields(entry.fields ?? []).map((field) =>
        PERSONAL_FIELDS.has(field.field) ? { ...field, before: keep(field.before), after: keep(field.after) } : field,
      ),
      approvalId: entry.approvalId ?? null,
    });
    // A sign-in lockout is kept in sign_in_lockouts and leaves the user record untouched.
    if (entry.action === 'login_locked') return;
    const times = this.events.get(entry.entityId) ?? [];
    times.push(entry.at);
    this.events.set(entry.entityId, times);
  }

  /** The entity's version just before `at` (or now): 1 plus the changes after its creation. */
  versionAt(entityId: string, at?: Date): number {
    const times = (this.events.get(entityId) ?? []).filter((time) => !at || time < at);
    return Math.max(1, times.length);
  }

  lastAt(entityId: string): Date | undefined {
    const times = this.events.get(entityId) ?? [];
    return times.reduce<Date | undefined>((latest, time) => (!latest || time > latest ? time : latest), undefined);
  }

  /** Sets version and updatedAt of a record from its history. */
  stamp<T extends { id: string; version?: number; updatedAt?: Date }>(row: T): T {
    row.version = this.versionAt(row.id);
    row.updatedAt = this.lastAt(row.id) ?? row.updatedAt;
    return row;
  }
}

/** Creation fields shown in the history: the initial values worth seeing. */
function initialFields(values: Record<string, unknown>): ChangeField[] {
  return Object.entries(values).map(([field, after]) => ({ field, before: null, after }));
}

// ---------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------

export async function seedDemoData(tx: Tx): Promise<void> {
  const clock = new Clock(new Date());
  // One argon2 hash for all active demo users: hashing is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const userRows = new Map<string, UserRow>();
  const history = new History(userRows);

  // Accounts first in memory: managers need their ids, accounts need the distributors' ids.
  const userIds = new Map<string, string>(USER_SEEDS.map((seed) => [seed.key, randomUUID()]));
  const userId = (key: string) => must(userIds.get(key), `user ${key}`);

  const accountRows = new Map<string, AccountRow>();
  const accountSeeds = new Map<string, AccountSeed>();
  const accountCreators = new Map<string, { daysAgo: number; by: UserKey | null }>();
  let order = 0;
  const addAccount = (
    seed: AccountSeed,
    tree: TreeSeed,
    parent: AccountRow | undefined,
    inherited: { daysAgo: number; by: UserKey | null },
  ) => {
    const id = randomUUID();
    const lineage = [...(parent?.lineage ?? []), id];
    if (lineage.length > 5) throw new Error(`demo seed: ${seed.key} is deeper than 5 levels`);
    if (accountRows.has(seed.key)) throw new Error(`demo seed: duplicate account key ${seed.key}`);
    const created = seed.created ?? inherited;
    const createdAt = clock.at(created.daysAgo, order * 3);
    const row: AccountRow = {
      id,
      name: seed.name,
      legalForm: seed.legalForm,
      parentId: parent?.id ?? null,
      lineage,
      status: seed.status,
      distributorId: tree.distributor ? userId(tree.distributor) : null,
      street: seed.street,
      zip: seed.zip,
      city: seed.city,
      country: 'DE',
      contactName: seed.contact[0],
      contactEmail: seed.contact[1],
      contactPhone: seed.contact[2],
      vatId: seed.vatId,
      employeeCount: seed.employees,
      notes: seed.notes ?? '',
      benefits: seed.benefits,
      createdAt,
      updatedAt: createdAt,
    };
    accountRows.set(seed.key, row);
    accountSeeds.set(seed.key, seed);
    accountCreators.set(seed.key, created);
    order += 1;
    for (const child of seed.children ?? []) addAccount(child, tree, row, created);
  };
  for (const tree of ACCOUNT_TREES) {
    addAccount(tree.root, tree, undefined, { daysAgo: tree.importedDaysAgo, by: 'anna' });
  }
  const account = (key: string) => must(accountRows.get(key), `account ${key}`);
  const accountIdOf = (key: string | null) => (key === null ? null : account(key).id);

  // ---- Users ----------------------------------------------------------------------------------
  USER_SEEDS.forEach((seed, index) => {
    const createdAt = clock.at(seed.invitedDaysAgo, 1 + index * 2);
    if ((seed.role === 'manager') !== (seed.account !== null)) {
      throw new Error(`demo seed: ${seed.key} must have an account if and only if a manager`);
    }
    userRows.set(seed.key, {
      id: userId(seed.key),
      email: seed.email,
      firstName: seed.firstName,
      lastName: seed.lastName,
      phone: seed.phone,
      role: seed.role,
      accountId: accountIdOf(seed.account),
      status: seed.status,
      locale: seed.locale,
      // Invited users have not chosen a password yet.
      passwordHash: seed.status === 'invited' ? null : passwordHash,
      lastLoginAt: seed.lastLoginHoursAgo === null ? null : clock.hoursAgo(seed.lastLoginHoursAgo),
      createdAt,
      updatedAt: createdAt,
    });
  });
  const user = (key: UserKey) => must(userRows.get(key), `user ${key}`);
  const fullName = (key: UserKey) => `${user(key).firstName} ${user(key).lastName}`;

  /** Which accounts a user may see (SPEC §1): everything, or whole subtrees. */
  const reachRoots = (key: UserKey): 'all' | string[] => {
    const row = user(key);
    if (row.role === 'admin' || row.role === 'backoffice') return 'all';
    if (row.role === 'manager') return row.accountId ? [row.accountId] : [];
    return [...accountRows.values()].filter((a) => a.parentId === null && a.distributorId === row.id).map((a) => a.id);
  };
  const assertReach = (key: UserKey, accountKey: string | null, what: string) => {
    if (accountKey === null) return;
    const roots = reachRoots(key);
    if (roots !== 'all' && !account(accountKey).lineage.some((id) => roots.includes(id))) {
      throw new Error(`demo seed: ${key} cannot see ${accountKey} (${what})`);
    }
  };

  // ---- Invariants of the account trees --------------------------------------------------------
  for (const [key, row] of accountRows) {
    const parent = [...accountRows.values()].find((candidate) => candidate.id === row.parentId);
    if (parent && row.status === 'active' && parent.status !== 'active') {
      throw new Error(`demo seed: ${key} is active under a parent that is not`);
    }
    if (parent && row.distributorId !== parent.distributorId) throw new Error(`demo seed: ${key} distributor differs`);
  }
  const demoManager = user('martin');
  const managerAccount = [...accountRows.values()].find((row) => row.id === demoManager.accountId);
  if (
    !managerAccount ||
    managerAccount.parentId !== null ||
    managerAccount.status !== 'active' ||
    managerAccount.distributorId !== user('daniel').id ||
    ![...accountRows.values()].some((row) => row.parentId === managerAccount.id)
  ) {
    throw new Error(
      'demo seed: manager@example.com must manage an active top-level account of vertrieb@ with sub-accounts',
    );
  }

  // ---- History: users -------------------------------------------------------------------------
  for (const seed of USER_SEEDS) {
    const row = user(seed.key);
    // The first admin is created active at setup (from ADMIN_EMAIL); everyone else is invited.
    const bootstrap = seed.key === 'anna';
    history.add({
      at: row.createdAt ?? clock.now,
      actor: seed.invitedBy,
      entityType: 'user',
      entityId: row.id,
      entityLabel: fullName(seed.key),
      accountId: row.accountId ?? null,
      action: 'create',
      fields: initialFields({
        email: seed.email,
        role: seed.role,
        accountId: row.accountId ?? null,
        status: bootstrap ? 'active' : 'invited',
      }),
    });
    if (!bootstrap && seed.status !== 'invited') {
      history.add({
        at: clock.at(seed.invitedDaysAgo - 1, 30),
        actor: seed.key,
        entityType: 'user',
        entityId: row.id,
        entityLabel: fullName(seed.key),
        accountId: row.accountId ?? null,
        action: 'status_change',
        fields: [
          { field: 'status', before: 'invited', after: 'active' },
          { field: 'passwordHash', before: null, after: null }, // shown as "password: geändert"
        ],
      });
    }
  }
  const userEvent = (
    key: UserKey,
    daysAgo: number,
    actor: UserKey | null,
    action: ChangeInsert['action'],
    fields: ChangeField[],
  ) =>
    history.add({
      at: clock.at(daysAgo, 200),
      actor,
      entityType: 'user',
      entityId: user(key).id,
      entityLabel: fullName(key),
      accountId: user(key).accountId ?? null,
      action,
      fields,
    });
  userEvent('daniel', 60, 'birgit', 'update', [
    { field: 'phone', before: '+49 40 5550 2200', after: user('daniel').phone },
  ]);
  userEvent('jonas', 40, 'jonas', 'update', [{ field: 'locale', before: 'de', after: 'en' }]);
  userEvent('martin', 30, 'martin', 'update', [{ field: 'phone', before: '', after: user('martin').phone }]);
  userEvent('heike', 21, 'birgit', 'status_change', [{ field: 'status', before: 'active', after: 'deactivated' }]);
  // Five failed sign-ins in a row (a temporary lockout the system records), then the back office
  // locks the user until the identity is confirmed.
  userEvent('stefan', 3, null, 'login_locked', [
    { field: 'lockedUntil', before: null, after: new Date(clock.at(3, 200).getTime() + 15 * 60_000).toISOString() },
  ]);
  userEvent('stefan', 2, 'birgit', 'status_change', [{ field: 'status', before: 'active', after: 'locked' }]);

  // ---- History: accounts ----------------------------------------------------------------------
  for (const [key, row] of accountRows) {
    const seed = must(accountSeeds.get(key), `account ${key}`);
    const creator = must(accountCreators.get(key), `account ${key}`);
    history.add({
      at: row.createdAt ?? clock.now,
      actor: creator.by,
      entityType: 'account',
      entityId: row.id,
      entityLabel: row.name,
      accountId: row.id,
      action: 'create',
      fields: initialFields({
        name: row.name,
        legalForm: row.legalForm,
        status: seed.createdAs ?? seed.status,
        parentId: row.parentId ?? null,
        distributorId: row.distributorId ?? null,
        city: row.city,
        employeeCount: row.employeeCount,
      }),
    });
  }
  /** Status each account had at creation, advanced by the history; must end at the seeded one. */
  const statusTrail = new Map<string, AccountStatus>(
    [...accountSeeds].map(([key, seed]) => [key, seed.createdAs ?? seed.status]),
  );
  const moveStatus = (key: string, before: AccountStatus, after: AccountStatus) => {
    if (statusTrail.get(key) !== before) throw new Error(`demo seed: ${key} was not ${before}`);
    statusTrail.set(key, after);
  };
  for (const event of ACCOUNT_EVENTS) {
    const row = account(event.account);
    const current: Record<string, unknown> = {
      status: row.status,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      employeeCount: row.employeeCount,
      notes: row.notes,
      vatId: row.vatId,
    };
    const fields = Object.entries(event.before).map(([field, before]) => ({ field, before, after: current[field] }));
    if (event.before.status !== undefined)
      moveStatus(event.account, event.before.status as AccountStatus, row.status ?? 'draft');
    history.add({
      at: clock.at(event.daysAgo, 120),
      actor: event.by,
      entityType: 'account',
      entityId: row.id,
      entityLabel: row.name,
      accountId: row.id,
      action: event.action,
      fields,
    });
  }

  // ---- Approvals ------------------------------------------------------------------------------
  const approvalRows: Array<ApprovalInsert & { id: string }> = [];
  const pendingKeys = new Set<string>();
  APPROVAL_SEEDS.forEach((seed, index) => {
    const id = randomUUID();
    const isUser = seed.entity.startsWith('user:');
    const target = isUser
      ? { type: 'user' as const, row: user(seed.entity.slice(5) as UserKey) }
      : { type: 'account' as const, row: account(seed.entity) };
    const entityId = target.row.id;
    const entityLabel = target.type === 'user' ? `${target.row.firstName} ${target.row.lastName}` : target.row.name;
    const accountId = target.type === 'user' ? (target.row.accountId ?? null) : target.row.id;
    const requestedAt = clock.at(seed.requestedDaysAgo, 300 + index * 7);
    if (seed.kind === 'role_grant' ? target.type !== 'user' : target.type !== 'account') {
      throw new Error(`demo seed: approval ${seed.kind} on the wrong entity type`);
    }
    const requester = user(seed.requestedBy);
    if (requester.role !== 'distributor' && requester.role !== 'backoffice' && requester.role !== 'admin') {
      throw new Error(`demo seed: ${seed.requestedBy} cannot request approvals`);
    }
    if (target.type === 'account') assertReach(seed.requestedBy, seed.entity, 'approval request');

    history.add({
      at: requestedAt,
      actor: seed.requestedBy,
      entityType: 'approval',
      entityId: id,
      entityLabel,
      accountId,
      action: 'create',
      fields: initialFields({ kind: seed.kind, ...seed.payload }),
      approvalId: id,
      personId: target.type === 'user' ? entityId : undefined,
    });
    const row: ApprovalInsert & { id: string } = {
      id,
      kind: seed.kind,
      entityType: target.type,
      entityId,
      entityLabel,
      accountId,
      payload: seed.payload,
      baseVersion: history.versionAt(entityId, requestedAt),
      reason: seed.reason,
      status: 'pending',
      requestedById: requester.id,
      requestedAt,
      createdAt: requestedAt,
      updatedAt: requestedAt,
    };

    if (!seed.decision) {
      const pendingKey = `${target.type}:${entityId}:${seed.kind}`;
      if (pendingKeys.has(pendingKey)) throw new Error(`demo seed: two pending ${seed.kind} for ${entityLabel}`);
      pendingKeys.add(pendingKey);
      approvalRows.push(row);
      return;
    }

    const decision = seed.decision;
    const decider = user(decision.by);
    if (decision.by === seed.requestedBy || (decider.role !== 'admin' && decider.role !== 'backoffice')) {
      throw new Error(`demo seed: ${decision.by} may not decide ${seed.kind} for ${entityLabel}`);
    }
    const decidedAt = clock.at(decision.daysAgo, 360 + index * 7);
    history.add({
      at: decidedAt,
      actor: decision.by,
      entityType: 'approval',
      entityId: id,
      entityLabel,
      accountId,
      action: decision.status === 'approved' ? 'approve' : 'reject',
      fields: [
        { field: 'status', before: 'pending', after: decision.status },
        { field: 'comment', before: '', after: decision.comment },
      ],
      approvalId: id,
      personId: target.type === 'user' ? entityId : undefined,
    });
    if (decision.status === 'approved' && target.type === 'account') {
      // Approving applies the change in the same transaction (SPEC §4).
      const applied: ChangeField[] =
        seed.kind === 'benefit_change'
          ? [{ field: 'benefits', before: must(seed.benefitsBefore, 'benefitsBefore'), after: seed.payload.benefits }]
          : [{ field: 'status', before: statusTrail.get(seed.entity), after: seed.payload.status }];
      if (seed.kind !== 'benefit_change') {
        moveStatus(seed.entity, must(statusTrail.get(seed.entity), seed.entity), seed.payload.status as AccountStatus);
      } else if (JSON.stringify(seed.payload.benefits) !== JSON.stringify(target.row.benefits)) {
        throw new Error(`demo seed: approved benefits of ${entityLabel} differ from the account's`);
      }
      history.add({
        at: new Date(decidedAt.getTime() + 1000),
        actor: decision.by,
        entityType: 'account',
        entityId,
        entityLabel,
        accountId,
        action: seed.kind === 'benefit_change' ? 'update' : 'status_change',
        fields: applied,
        approvalId: id,
      });
    }
    approvalRows.push({
      ...row,
      status: decision.status,
      decidedById: decider.id,
      decidedAt,
      comment: decision.comment,
    });
  });
  for (const [key, status] of statusTrail) {
    if (status !== account(key).status)
      throw new Error(`demo seed: history of ${key} ends at ${status}, not ${account(key).status}`);
  }

  // ---- Tasks ----------------------------------------------------------------------------------
  const taskRows = TASK_SEEDS.map((seed, index) => {
    assertReach(seed.assignee, seed.account, `task "${seed.title}"`);
    const id = randomUUID();
    const createdAt = clock.at(seed.createdDaysAgo, 60 + index * 11);
    const accountId = accountIdOf(seed.account);
    const base = { at: createdAt, entityType: 'task' as const, entityId: id, entityLabel: seed.title, accountId };
    history.add({
      ...base,
      actor: seed.creator,
      action: 'create',
      fields: initialFields({
        title: seed.title,
        assigneeId: user(seed.assignee).id,
        priority: seed.priority,
        dueDate: seed.due === null ? null : clock.day(seed.due),
      }),
    });
    let completedAt: Date | null = null;
    if (seed.status === 'in_progress') {
      const startedDaysAgo = Math.max(0, seed.createdDaysAgo - 1);
      history.add({
        ...base,
        at: clock.at(startedDaysAgo, 90 + index * 11),
        actor: seed.assignee,
        action: 'status_change',
        fields: [{ field: 'status', before: 'open', after: 'in_progress' }],
      });
    }
    if (seed.status === 'done') {
      completedAt = clock.at(must(seed.completedDaysAgo, `completion of "${seed.title}"`), 400 + index * 3);
      history.add({
        ...base,
        at: completedAt,
        actor: seed.assignee,
        action: 'status_change',
        fields: [
          { field: 'status', before: 'open', after: 'done' },
          { field: 'completedAt', before: null, after: completedAt.toISOString() },
        ],
      });
    }
    return history.stamp({
      id,
      title: seed.title,
      description: seed.description ?? '',
      status: seed.status,
      priority: seed.priority,
      dueDate: seed.due === null ? null : clock.day(seed.due),
      assigneeId: user(seed.assignee).id,
      createdById: user(seed.creator).id,
      accountId,
      completedAt,
      createdAt,
      updatedAt: createdAt,
    } satisfies typeof tasks.$inferInsert);
  });

  // ---- Whitelist ------------------------------------------------------------------------------
  const normalise = (kind: 'email' | 'domain', value: string) =>
    kind === 'domain' ? domainToASCII(value.trim().toLowerCase()) : value.trim().toLowerCase();
  const whitelistRows = WHITELIST_SEEDS.flatMap((group) => {
    assertReach(group.by, group.account, 'whitelist');
    const row = account(group.account);
    return group.entries.map(([kind, rawValue, note, validUntil], index) => {
      const id = randomUUID();
      const value = normalise(kind, rawValue);
      if (!value) throw new Error(`demo seed: invalid whitelist value ${rawValue}`);
      const createdAt = clock.at(group.createdDaysAgo, 150 + index * 4);
      const validUntilDay = validUntil === undefined ? null : clock.day(validUntil);
      history.add({
        at: createdAt,
        actor: group.by,
        entityType: 'whitelist_entry',
        entityId: id,
        entityLabel: value,
        accountId: row.id,
        action: 'create',
        fields: initialFields({ kind, value, note, validUntil: validUntilDay }),
      });
      return {
        id,
        accountId: row.id,
        kind,
        value,
        note,
        validUntil: validUntilDay,
        createdById: user(group.by).id,
        createdAt,
        updatedAt: createdAt,
      } satisfies typeof whitelistEntries.$inferInsert;
    });
  });
  for (const update of WHITELIST_UPDATES) {
    const row = must(
      whitelistRows.find((entry) => entry.value === update.value),
      `whitelist entry ${update.value}`,
    );
    const fields: ChangeField[] = [];
    if (update.before.validUntil !== undefined)
      fields.push({ field: 'validUntil', before: clock.day(update.before.validUntil), after: row.validUntil });
    if (update.before.note !== undefined) fields.push({ field: 'note', before: update.before.note, after: row.note });
    history.add({
      at: clock.at(update.daysAgo, 240),
      actor: update.by,
      entityType: 'whitelist_entry',
      entityId: row.id,
      entityLabel: row.value,
      accountId: row.accountId,
      action: 'update',
      fields,
    });
  }
  {
    // A removed entry lives on only in the history.
    const removed = WHITELIST_REMOVED;
    const id = randomUUID();
    const base = {
      entityType: 'whitelist_entry' as const,
      entityId: id,
      entityLabel: removed.value,
      accountId: account(removed.account).id,
    };
    history.add({
      ...base,
      at: clock.at(removed.createdDaysAgo, 170),
      actor: removed.by,
      action: 'create',
      fields: initialFields({ kind: 'email', value: removed.value, note: '', validUntil: null }),
    });
    history.add({
      ...base,
      at: clock.at(removed.deletedDaysAgo, 180),
      actor: removed.by,
      action: 'delete',
      fields: [{ field: 'value', before: removed.value, after: null }],
    });
  }
  whitelistRows.forEach((row) => history.stamp(row));

  // ---- Documents ------------------------------------------------------------------------------
  const documentRows: Array<typeof documents.$inferInsert & { id: string }> = [];
  const versionRows: Array<typeof documentVersions.$inferInsert & { id: string }> = [];
  const chunkRows: Array<typeof documentChunks.$inferInsert> = [];
  DOCUMENT_SEEDS.forEach((seed, index) => {
    const id = randomUUID();
    const accountId = accountIdOf(seed.account);
    const first = must(seed.versions[0], `first version of ${seed.title}`);
    const createdAt = clock.at(first.daysAgo, 100 + index * 9);
    const owner = seed.account === null ? 'Allgemeines Dokument' : account(seed.account).name;
    seed.versions.forEach((version, versionIndex) => {
      assertReach(version.by, seed.account, `document "${seed.title}"`);
      const uploadedAt = versionIndex === 0 ? createdAt : clock.at(version.daysAgo, 100 + index * 9);
      const content = minimalPdf(seed.title, [
        owner,
        `Version ${versionIndex + 1} vom ${dateDe(uploadedAt.toISOString().slice(0, 10))}`,
        '',
        ...version.lines,
        '',
        'Demo-Dokument mit fiktiven Daten.',
      ]);
      const versionId = randomUUID();
      versionRows.push({
        id: versionId,
        documentId: id,
        number: versionIndex + 1,
        fileName: version.fileName,
        mimeType: 'application/pdf',
        sizeBytes: content.byteLength,
        sha256: sha256Hex(content),
        uploadedById: user(version.by).id,
        uploadedAt,
      });
      // A Buffer suits both drivers (PGlite and postgres.js) for bytea; the demo files are small.
      splitIntoChunks(content).forEach((data, seq) => chunkRows.push({ versionId, seq, data }));
      history.add(
        versionIndex === 0
          ? {
              at: uploadedAt,
              actor: version.by,
              entityType: 'document',
              entityId: id,
              entityLabel: seed.title,
              accountId,
              action: 'create',
              fields: initialFields({ title: seed.title, category: seed.category, fileName: version.fileName }),
            }
          : {
              at: uploadedAt,
              actor: version.by,
              entityType: 'document',
              entityId: id,
              entityLabel: seed.title,
              accountId,
              action: 'upload',
              fields: [
                { field: 'currentVersion', before: versionIndex, after: versionIndex + 1 },
                {
                  field: 'fileName',
                  before: seed.versions[versionIndex - 1]?.fileName ?? null,
                  after: version.fileName,
                },
              ],
            },
      );
    });
    let deletedAt: Date | null = null;
    if (seed.deleted) {
      deletedAt = clock.at(seed.deleted.daysAgo, 330);
      history.add({
        at: deletedAt,
        actor: seed.deleted.by,
        entityType: 'document',
        entityId: id,
        entityLabel: seed.title,
        accountId,
        action: 'delete',
        fields: [{ field: 'deletedAt', before: null, after: deletedAt.toISOString() }],
      });
    }
    documentRows.push(
      history.stamp({
        id,
        title: seed.title,
        category: seed.category,
        accountId,
        description: seed.description,
        currentVersion: seed.versions.length,
        createdById: user(first.by).id,
        deletedAt,
        createdAt,
        updatedAt: createdAt,
      }),
    );
  });

  // ---- Versions from the history; pending approvals must still match their entity ------------
  accountRows.forEach((row) => history.stamp(row));
  userRows.forEach((row) => history.stamp(row));
  approvalRows.forEach((row) => history.stamp(row));
  for (const row of approvalRows) {
    if (row.status === 'pending' && row.baseVersion !== history.versionAt(row.entityId)) {
      throw new Error(`demo seed: pending approval for ${row.entityLabel} would be obsolete`);
    }
  }

  // ---- Write, in foreign-key order ------------------------------------------------------------
  // users.accountId and accounts.distributorId point at each other: staff first, then accounts
  // (in tree order, so customer numbers follow the trees), then the managers.
  const allUsers = [...userRows.values()];
  await tx.insert(users).values(allUsers.filter((row) => row.role !== 'manager'));
  await tx.insert(accounts).values([...accountRows.values()]);
  await tx.insert(users).values(allUsers.filter((row) => row.role === 'manager'));
  await tx.insert(documents).values(documentRows);
  await tx.insert(documentVersions).values(versionRows);
  await tx.insert(documentChunks).values(chunkRows);
  await tx.insert(tasks).values(taskRows);
  await tx.insert(whitelistEntries).values(whitelistRows);
  await tx.insert(approvals).values(approvalRows);
  for (let start = 0; start < history.personalValues.length; start += 500) {
    await tx.insert(historyPersonalValues).values(history.personalValues.slice(start, start + 500));
  }
  // The history is append-only, so it is written once, in time order.
  history.rows.sort((a, b) => (a.at?.getTime() ?? 0) - (b.at?.getTime() ?? 0));
  for (let start = 0; start < history.rows.length; start += 500) {
    await tx.insert(changes).values(history.rows.slice(start, start + 500));
  }
}
