import 'server-only';
import { adaptiveStep } from '@/lib/server/db/adaptive-step';
import { randomUUID } from 'node:crypto';
import { setImmediate } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { MAX_ACCOUNT_DEPTH, accountCreateSchema } from '@/lib/schemas/account';
import { BENEFIT_CATALOGUE, type BenefitCode } from '@/lib/schemas/benefit-catalogue';
import type { ImportQuery, ImportReport } from '@/lib/schemas/import';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/rows';
import type { DbOrTx, Tx } from '@/lib/server/db/types';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { recordChange } from '@/lib/server/history/record-change';
import type { ColumnSpec } from '@/lib/server/import/header-map';
import { IssueList, assertImportable, readImportRows, schemaIssues } from '@/lib/server/import/import-rows';
import { readUpload } from '@/lib/server/import/read-table';
import { timeSlicer } from '@/lib/server/time-slicer';
import { storeImport } from '@/lib/server/services/imports/store-import';
import { type AccountCreate, type PlacedAccount, insertPlacedAccounts } from './create-account';
import { assertNotArchived, lockParentRows } from './account-record';
import { assertDistributorUsers } from './account-rules';
import { accountReach } from './reach';

/**
 * `POST /accounts/import[?dryRun=1]` (issue 49): one row per account, CSV or XLSX (lib/server/import).
 *
 * - Every row goes through the form's schema (`accountCreateSchema`) and, for real, is created by the
 *   form's rules (`insertAccount`'s: reach, depth, distributor rules, a draft, its history entry),
 *   applied in bulk and written many accounts a statement (`storeAccounts`).
 * - **Parent**: a customer number of an account in reach, or the name of a row in the same file (in
 *   any order: the file is placed parents first); a whole tree comes in one file. Unknown, ambiguous,
 *   cyclic or too deep parents are errors on their line.
 * - **Distributor** by e-mail (a distributor user); a distributor imports only their own top-level
 *   accounts and under their own accounts (others' are out of reach: parent not found).
 * - **Benefits**: one column per catalogue code holding the amount (€, or % for `bav`).
 * - An account is **existing** when one with the same name (any case) has the same parent (top level:
 *   in the actor's reach): the row is reported and nothing changes, so importing the same file twice
 *   creates nothing the second time. The same name twice under one parent in the file: a duplicate.
 * - **All or nothing**: a real run with any error stores nothing (422 with the lines); otherwise one
 *   transaction creates every new account and the import's history entry, whose entity id is the
 *   stored report's (`GET /imports/{id}`).
 */

type Key =
  | 'name'
  | 'legalForm'
  | 'parent'
  | 'distributor'
  | 'street'
  | 'zip'
  | 'city'
  | 'country'
  | 'contactName'
  | 'contactEmail'
  | 'contactPhone'
  | 'vatId'
  | 'employeeCount'
  | 'notes'
  | `benefit.${BenefitCode}`;

export const ACCOUNT_IMPORT_COLUMNS: readonly ColumnSpec<Key>[] = [
  { key: 'name', names: ['Name', 'Firmenname'], required: true },
  { key: 'legalForm', names: ['Rechtsform', 'Legal form'], required: true },
  { key: 'parent', names: ['Übergeordnetes Konto', 'Parent', 'Parent account'] },
  { key: 'distributor', names: ['Vertriebspartner', 'Vertriebspartner E-Mail', 'Distributor'] },
  { key: 'street', names: ['Straße', 'Strasse', 'Street'] },
  { key: 'zip', names: ['PLZ', 'Postleitzahl', 'Zip'] },
  { key: 'city', names: ['Ort', 'Stadt', 'City'] },
  { key: 'country', names: ['Land', 'Country'] },
  { key: 'contactName', names: ['Ansprechpartner', 'Contact'] },
  { key: 'contactEmail', names: ['E-Mail', 'Ansprechpartner E-Mail', 'Contact e-mail'] },
  { key: 'contactPhone', names: ['Telefon', 'Phone'] },
  { key: 'vatId', names: ['USt-IdNr.', 'VAT ID'] },
  { key: 'employeeCount', names: ['Mitarbeitende', 'Mitarbeiterzahl', 'Employees'] },
  { key: 'notes', names: ['Notizen', 'Notes'] },
  ...BENEFIT_CATALOGUE.map((benefit) => ({ key: `benefit.${benefit.code}` as const, names: [benefit.code] })),
];

/** The template's example row (German headers, as `GET /accounts/import/template.csv` writes them). */
export const ACCOUNT_IMPORT_EXAMPLE: Partial<Record<Key, string | number>> = {
  name: 'Bäckerei Hansen GmbH',
  legalForm: 'GmbH',
  parent: '',
  distributor: '',
  street: 'Hafenstraße 1',
  zip: '24937',
  city: 'Flensburg',
  country: 'DE',
  contactName: 'Hanna Hansen',
  contactEmail: 'hanna@baeckerei-hansen.de',
  contactPhone: '0461 12345',
  vatId: 'DE123456789',
  employeeCount: 40,
  notes: '',
  'benefit.sachbezug': 50,
  'benefit.jobticket': 58,
};

const PREVIEW_ROWS = 20;
const PROBE_ROWS = 1_000;
/**
 * A real run's new accounts per statement (and their history entries in the next): the first
 * statement's, then as many as take about STATEMENT_MS, between the bounds.
 */
const ACCOUNT_ROWS_FIRST = 50;
const ACCOUNT_ROWS_MIN = 10;
const ACCOUNT_ROWS_MAX = 500;
const STATEMENT_MS = 50;

interface Row {
  line: number;
  name: string;
  nameKey: string;
  parentRef: string;
  distributorEmail: string;
  input: Omit<AccountCreate, 'parentId' | 'distributorId'>;
  /** Set while placing. */
  parent:
    | { kind: 'top' }
    | { kind: 'db'; id: string; depth: number; distributorId: string | null }
    | { kind: 'file'; row: Row }
    | null;
  distributorId: string | null;
  depth: number;
  invalid: boolean;
  /** Existing account with this name under the same parent, or the id a real run gives it. */
  existingId: string | null;
  newId: string | null;
  duplicateOf: number | null;
}

const nameKeyOf = (name: string) => name.normalize('NFC').trim().toLocaleLowerCase('de-DE');

/** `50`, `50,00`, `1.234,56`, `7.67` (as a sheet's number), with or without € or %: cents (hundredths). */
export function parseAmount(text: string): number | null {
  let value = text.replace(/[€%\s]/g, '');
  if (value.includes(',')) value = value.replace(/\./g, '').replace(',', '.');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(value)) return null;
  return Math.round(Number(value) * 100);
}

/** The column a schema path names: the file's header, or the key. */
const columnName = (header: Map<Key, string>) => (path: readonly PropertyKey[]) => {
  const first = String(path[0] ?? '');
  if (first === 'benefits') return null;
  return header.get(first as Key) ?? (first || null);
};

export async function importAccounts(actor: Actor, query: ImportQuery, req: Request): Promise<ImportReport> {
  const bytes = await readUpload(req);
  const db = await getDb();
  const issues = new IssueList();
  const rows: Row[] = [];
  const pause = timeSlicer();

  const read = await readImportRows(bytes, ACCOUNT_IMPORT_COLUMNS, issues, (tableRow, cell, headerOf) => {
    const line = tableRow.line;
    const columnOf = (key: Key) => headerOf.get(key) ?? key;
    let rowValid = true;
    const benefits: { code: BenefitCode; amountCents: number; unit: string }[] = [];
    for (const benefit of BENEFIT_CATALOGUE) {
      const text = cell(`benefit.${benefit.code}`);
      if (text === '') continue;
      const amountCents = parseAmount(text);
      if (amountCents === null) {
        issues.error(line, 'invalid_amount', columnOf(`benefit.${benefit.code}`), text);
        rowValid = false;
        continue;
      }
      benefits.push({ code: benefit.code, amountCents, unit: benefit.unit });
    }
    const employeesText = cell('employeeCount');
    const employees = /^\d{1,8}$/.test(employeesText) ? Number(employeesText) : 0;
    if (employeesText !== '' && !/^\d{1,8}$/.test(employeesText)) {
      issues.error(line, 'invalid_number', columnOf('employeeCount'), employeesText);
      rowValid = false;
    }
    const raw = {
      name: cell('name'),
      legalForm: cell('legalForm'),
      street: cell('street'),
      zip: cell('zip'),
      city: cell('city'),
      country: cell('country').toUpperCase() || 'DE',
      contactName: cell('contactName'),
      contactEmail: cell('contactEmail'),
      contactPhone: cell('contactPhone'),
      vatId: cell('vatId').replace(/\s/g, ''),
      employeeCount: employees,
      notes: cell('notes'),
      benefits,
      parentId: null,
      distributorId: null,
    };
    const parsed = accountCreateSchema.safeParse(raw);
    if (!parsed.success) {
      schemaIssues(issues, line, parsed.error, columnName(headerOf), (path) => {
        const value = (raw as Record<string, unknown>)[String(path[0])];
        return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
      });
      rowValid = false;
    }
    rows.push({
      line,
      name: raw.name,
      nameKey: nameKeyOf(raw.name),
      parentRef: cell('parent'),
      distributorEmail: cell('distributor').toLowerCase(),
      input: parsed.success ? parsed.data : (raw as unknown as Row['input']),
      parent: null,
      distributorId: null,
      depth: 1,
      invalid: !rowValid,
      existingId: null,
      newId: null,
      duplicateOf: null,
    });
  });
  await placeRows(db, actor, rows, issues, read.header, pause);

  const fresh = rows.filter((row) => !row.invalid && row.existingId === null && row.duplicateOf === null);
  const existing = rows.filter((row) => !row.invalid && row.existingId !== null && row.duplicateOf === null);
  const duplicates = rows.filter((row) => row.duplicateOf !== null);
  const { issues: listed, issuesTruncated } = issues.sorted();
  const report: ImportReport = {
    id: null,
    kind: 'accounts',
    format: read.format,
    dryRun: query.dryRun,
    rows: read.total,
    valid: fresh.length,
    existing: existing.length,
    duplicates: duplicates.length,
    errors: issues.errors,
    imported: 0,
    approvals: 0,
    issues: listed,
    issuesTruncated,
    preview: fresh.slice(0, PREVIEW_ROWS).map((row) => ({
      line: row.line,
      label: row.name,
      detail: parentLabel(row),
    })),
  };
  assertImportable(report, read.stoppedAtLine, issues);
  if (query.dryRun) return report;

  const importId = randomUUID();
  const done: ImportReport = { ...report, id: importId, imported: fresh.length };
  await db.transaction(async (tx) => {
    await storeAccounts(tx, actor, fresh, pause);
    await storeImport(tx, actor, { id: importId, kind: 'accounts', accountId: null, report: done });
    await recordChange(tx, {
      actor,
      entityType: 'import',
      entityId: importId,
      entityLabel: `Konten-Import (${read.format.toUpperCase()})`,
      action: 'create',
      fields: [
        { field: 'rows', before: null, after: report.rows },
        { field: 'imported', before: null, after: fresh.length },
        { field: 'existing', before: null, after: existing.length },
        { field: 'duplicates', before: null, after: duplicates.length },
      ],
    });
  });
  return done;
}

function parentLabel(row: Row): string {
  if (row.parent?.kind === 'file') return row.parent.row.name;
  if (row.parent?.kind === 'db') return row.parentRef;
  return '';
}

/** Rows with parents in the file after their parents (depth first, then line). */
function ordered(rows: readonly Row[]): Row[] {
  return [...rows].sort((a, b) => a.depth - b.depth || a.line - b.line);
}

/**
 * Creates the new rows' accounts by the form's rules (`insertAccount`'s placement, applied in bulk):
 * parents in the database are read again in reach and locked with their trees' roots (none may
 * have been archived, deleted or moved out of reach since the rows were placed), no account deeper
 * than MAX_ACCOUNT_DEPTH, a top-level account's distributor an active distributor (a distributor's
 * own for a distributor), a sub-account's its tree's. Then, parents first, the accounts in statements
 * of ACCOUNT_ROWS_MIN to ACCOUNT_ROWS_MAX rows with their history entries in the next ones, the event
 * loop's turn between every two statements.
 */
async function storeAccounts(tx: Tx, actor: Actor, fresh: readonly Row[], pause: () => Promise<void>) {
  const rows = ordered(fresh);
  for (const row of rows) row.newId = randomUUID();
  const storedParentOf = (row: Row): string | null =>
    row.parent?.kind === 'db' ? row.parent.id : row.parent?.kind === 'file' ? row.parent.row.existingId : null;
  const storedIds = [...new Set(rows.map(storedParentOf).filter((id) => id !== null))];
  const stored = await lockParentRows(tx, actor, storedIds, pause);
  const topDistributors = rows.flatMap((row) =>
    row.parent?.kind === 'top' && actor.role !== 'distributor' && row.distributorId ? [row.distributorId] : [],
  );
  await assertDistributorUsers(tx, topDistributors);

  const placedBy = new Map<Row, PlacedAccount>();
  const placed: PlacedAccount[] = [];
  for (const row of rows) {
    await pause();
    const id = row.newId!;
    const storedId = storedParentOf(row);
    let parentId: string | null = null;
    let lineage = [id];
    let distributorId: string | null;
    if (storedId !== null) {
      const parent = stored.get(storedId);
      if (!parent) throw new ApiError('not_found', 'Übergeordnetes Konto nicht gefunden.');
      assertNotArchived(parent);
      parentId = parent.id;
      lineage = [...parent.lineage, id];
      distributorId = parent.distributorId;
    } else if (row.parent?.kind === 'file') {
      const parent = placedBy.get(row.parent.row);
      if (!parent) throw new Error('importAccounts: a parent in the file was not placed before its child');
      parentId = parent.id;
      lineage = [...parent.lineage, id];
      distributorId = parent.distributorId;
    } else if (actor.role === 'distributor') {
      if (row.distributorId && row.distributorId !== actor.id)
        throw invalidField('distributorId', 'distributorOnlyForSelf');
      distributorId = actor.id;
    } else {
      distributorId = row.distributorId;
    }
    if (lineage.length > MAX_ACCOUNT_DEPTH) {
      throw invalidField('parentId', 'accountTooDeep', { max: MAX_ACCOUNT_DEPTH });
    }
    const account: PlacedAccount = { id, lineage, distributorId, input: { ...row.input, parentId, distributorId } };
    placedBy.set(row, account);
    placed.push(account);
  }

  // The chain head moves after each statement of entries, not for all of them at the commit (one
  // deferred trigger call per entry there: 65 ms measured at 5,000 entries, so some 0.6 s at 50,000,
  // holding PGlite's thread).
  await tx.execute(sql`set constraints changes_link_head immediate`);
  // Statements of a size that takes about STATEMENT_MS (the accounts' grow slower as the transaction's
  // account_counts versions pile up), with the event loop's turn between every two.
  let size = ACCOUNT_ROWS_FIRST;
  let since = performance.now();
  let longest = 0;
  const step = async () => {
    longest = Math.max(longest, performance.now() - since);
    await setImmediate();
    since = performance.now();
  };
  for (let start = 0; start < placed.length;) {
    const chunk = placed.slice(start, start + size);
    await step();
    longest = 0;
    await insertPlacedAccounts(tx, actor, chunk, step);
    await step();
    start += chunk.length;
    size = nextStatementRows(size, longest);
  }
}

/** The next statement's rows: scaled to take STATEMENT_MS by the last one's longest statement. */
export function nextStatementRows(rows: number, longestMs: number): number {
  return adaptiveStep({
    size: rows,
    tookMs: longestMs,
    targetMs: STATEMENT_MS,
    growth: 2,
    least: ACCOUNT_ROWS_MIN,
    most: ACCOUNT_ROWS_MAX,
  });
}

/**
 * Resolves parents and distributors, checks depth and reach, and finds existing accounts and
 * duplicates, level by level from the top (a row under a new row in the file is new too).
 */
async function placeRows(
  db: DbOrTx,
  actor: Actor,
  rows: Row[],
  issues: IssueList,
  header: Map<Key, string>,
  pause: () => Promise<void>,
) {
  const column = (key: Key) => header.get(key) ?? key;
  // Parents by customer number, in reach.
  const refs = [...new Set(rows.map((row) => row.parentRef).filter((ref) => ref !== ''))];
  const byNumber = new Map<string, { id: string; depth: number; distributorId: string | null; status: string }>();
  for (let start = 0; start < refs.length; start += PROBE_ROWS) {
    await pause();
    const reach = accountReach(actor);
    const found = await rowsOf<{
      id: string;
      customer_number: string;
      depth: number;
      distributor_id: string | null;
      status: string;
    }>(
      db,
      sql`select accounts.id, accounts.customer_number, cardinality(accounts.lineage) as depth, accounts.distributor_id, accounts.status
          from accounts
          where accounts.customer_number in (select jsonb_array_elements_text(${JSON.stringify(refs.slice(start, start + PROBE_ROWS))}::jsonb))
          ${reach ? sql`and ${reach}` : sql``}`,
    );
    for (const row of found) {
      byNumber.set(row.customer_number, {
        id: row.id,
        depth: Number(row.depth),
        distributorId: row.distributor_id,
        status: row.status,
      });
    }
  }
  // Distributors by e-mail.
  const emails = [...new Set(rows.map((row) => row.distributorEmail).filter((email) => email !== ''))];
  const distributorByEmail = new Map<string, string>();
  for (let start = 0; start < emails.length; start += PROBE_ROWS) {
    await pause();
    const found = await rowsOf<{ id: string; email: string }>(
      db,
      sql`select id, lower(email) as email from users
          where role = 'distributor' and status <> 'deactivated'
            and lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails.slice(start, start + PROBE_ROWS))}::jsonb))`,
    );
    for (const row of found) distributorByEmail.set(row.email, row.id);
  }
  // Names in the file (a parent reference by name must name one row).
  const byName = new Map<string, Row[]>();
  for (const row of rows) {
    if (row.name === '') continue;
    const list = byName.get(row.nameKey);
    if (list) list.push(row);
    else byName.set(row.nameKey, [row]);
  }

  for (const row of rows) {
    await pause();
    if (row.parentRef === '') {
      row.parent = { kind: 'top' };
    } else {
      const stored = byNumber.get(row.parentRef);
      const named = byName.get(nameKeyOf(row.parentRef)) ?? [];
      if (stored) {
        if (stored.status === 'archived') {
          issues.error(row.line, 'parent_archived', column('parent'), row.parentRef);
          row.invalid = true;
        }
        row.parent = { kind: 'db', id: stored.id, depth: stored.depth, distributorId: stored.distributorId };
      } else if (named.length === 1 && named[0] !== row) {
        row.parent = { kind: 'file', row: named[0]! };
      } else if (named.length > 1) {
        issues.error(row.line, 'parent_ambiguous', column('parent'), row.parentRef);
        row.invalid = true;
      } else {
        issues.error(row.line, 'parent_not_found', column('parent'), row.parentRef);
        row.invalid = true;
      }
    }
    if (row.distributorEmail !== '') {
      const id = distributorByEmail.get(row.distributorEmail);
      if (!id) {
        issues.error(row.line, 'distributor_not_found', column('distributor'), row.distributorEmail);
        row.invalid = true;
      } else if (actor.role === 'distributor' && id !== actor.id) {
        issues.error(row.line, 'distributorOnlyForSelf', column('distributor'), row.distributorEmail);
        row.invalid = true;
      } else {
        row.distributorId = id;
      }
    }
  }

  // Depth and the tree's distributor, following parents in the file (a cycle never reaches the top).
  const state = new Map<Row, 'visiting' | 'done'>();
  const settle = (row: Row): void => {
    if (state.get(row) === 'done') return;
    const chain: Row[] = [];
    let current: Row | null = row;
    while (current && state.get(current) !== 'done') {
      if (state.get(current) === 'visiting') {
        for (const member of chain.slice(chain.indexOf(current))) {
          issues.error(member.line, 'parent_cycle', column('parent'), member.parentRef);
          member.invalid = true;
          member.depth = MAX_ACCOUNT_DEPTH + 1;
          state.set(member, 'done');
        }
        break;
      }
      state.set(current, 'visiting');
      chain.push(current);
      current = current.parent?.kind === 'file' ? current.parent.row : null;
    }
    for (const member of chain.reverse()) {
      if (state.get(member) === 'done') continue;
      state.set(member, 'done');
      const parent = member.parent;
      if (parent?.kind === 'file') {
        member.depth = parent.row.depth + 1;
        if (parent.row.invalid && !member.invalid) {
          issues.error(member.line, 'parent_invalid', column('parent'), member.parentRef);
          member.invalid = true;
        }
      } else if (parent?.kind === 'db') {
        member.depth = parent.depth + 1;
      }
      if (parent && parent.kind !== 'top' && member.distributorId !== null) {
        const treeDistributor = parent.kind === 'db' ? parent.distributorId : rootDistributor(parent.row, actor);
        if (treeDistributor !== member.distributorId && !member.invalid) {
          issues.error(member.line, 'subAccountInheritsDistributor', column('distributor'), member.distributorEmail);
          member.invalid = true;
        }
      }
      if (member.depth > MAX_ACCOUNT_DEPTH && !member.invalid) {
        issues.error(member.line, 'accountTooDeep', column('parent'), member.parentRef);
        member.invalid = true;
      }
    }
  };
  for (const row of rows) {
    settle(row);
    await pause();
  }

  // Existing accounts and duplicates, level by level: a row is probed once its parent's id is known.
  for (let depth = 1; depth <= MAX_ACCOUNT_DEPTH; depth++) {
    const level = rows.filter((row) => row.depth === depth && !row.invalid);
    const seen = new Map<string, Row>();
    const probe: { row: Row; parentId: string | null }[] = [];
    for (const row of level) {
      const parentId =
        row.parent?.kind === 'db' ? row.parent.id : row.parent?.kind === 'file' ? row.parent.row.existingId : null;
      const parentKey = row.parent?.kind === 'file' ? `file:${row.parent.row.line}` : (parentId ?? 'top');
      const key = `${parentKey}|${row.nameKey}`;
      const first = seen.get(key);
      if (first) {
        row.duplicateOf = first.line;
        issues.add({
          line: row.line,
          severity: 'duplicate',
          code: 'duplicate_in_file',
          column: column('name'),
          value: row.name,
          firstLine: first.line,
        });
        continue;
      }
      seen.set(key, row);
      // Under a parent the file creates, nothing can exist yet.
      if (row.parent?.kind === 'file' && row.parent.row.existingId === null) continue;
      probe.push({ row, parentId });
    }
    for (let start = 0; start < probe.length; start += PROBE_ROWS) {
      await pause();
      const chunk = probe.slice(start, start + PROBE_ROWS);
      const reach = accountReach(actor);
      const found = await rowsOf<{ i: number; id: string }>(
        db,
        sql`select distinct on (r.i) r.i, accounts.id
            from jsonb_to_recordset(${JSON.stringify(chunk.map((entry, i) => ({ i, name: entry.row.nameKey, parent: entry.parentId })))}::jsonb)
              as r(i int, name text, parent uuid)
            join accounts on lower(accounts.name) = r.name and accounts.parent_id is not distinct from r.parent
            ${reach ? sql`and ${reach}` : sql``}
            order by r.i, accounts.created_at`,
      );
      for (const hit of found) {
        const entry = chunk[hit.i]!;
        entry.row.existingId = hit.id;
        issues.add({
          line: entry.row.line,
          severity: 'exists',
          code: 'exists',
          column: column('name'),
          value: entry.row.name,
        });
      }
    }
  }
}

/** The distributor a new tree in the file gets: its top row's (or the distributor actor's own). */
function rootDistributor(row: Row, actor: Actor): string | null {
  let current = row;
  for (let step = 0; step <= MAX_ACCOUNT_DEPTH && current.parent?.kind === 'file'; step++) current = current.parent.row;
  if (current.parent?.kind === 'db') return current.parent.distributorId;
  return actor.role === 'distributor' ? actor.id : current.distributorId;
}
