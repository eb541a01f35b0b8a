import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ImportQuery, ImportReport } from '@/lib/schemas/import';
import { ROLES, type Role } from '@/lib/schemas/roles';
import { userInviteSchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/rows';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import type { ColumnSpec } from '@/lib/server/import/header-map';
import { normaliseHeader } from '@/lib/server/import/header-map';
import { IssueList, assertImportable, readImportRows, schemaIssues } from '@/lib/server/import/import-rows';
import { readUpload } from '@/lib/server/import/read-table';
import { timeSlicer } from '@/lib/server/time-slicer';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { storeImport } from '@/lib/server/services/imports/store-import';
import { assertRecentStepUp } from '@/lib/server/services/mfa/step-up';
import { type UserInvite, insertInvitedUser } from './invite-user';
import { ROLE_LABELS_DE, assignableRoles, needsRoleGrant } from './user-rules';

/**
 * `POST /users/import[?dryRun=1]` (issue 49): one invitation per row, CSV or XLSX.
 *
 * - Each row passes the invitation form's schema (`userInviteSchema`) and, for real, the invitation
 *   service (`insertInvitedUser`): the account in reach and not archived, the free address, the
 *   history entry and the activation mail in the user's language.
 * - Who may invite whom is the form's rule (`assignableRoles`): a distributor invites managers of
 *   their accounts, back office no administrators, **a manager nobody** (403 before the file is read).
 * - A row granting administrator or back office does not bypass four eyes: the user is created
 *   invited without a link and a role_grant approval is filed (the mail follows its approval), as
 *   from the form; such rows need the form's fresh step-up too.
 * - An address already taken (any case) is **existing** (reported, nothing changes); an address twice
 *   in the file is a duplicate. All or nothing, as the account import.
 */

type Key = 'email' | 'firstName' | 'lastName' | 'role' | 'account' | 'locale' | 'phone';

export const USER_IMPORT_COLUMNS: readonly ColumnSpec<Key>[] = [
  { key: 'email', names: ['E-Mail', 'Email'], required: true },
  { key: 'firstName', names: ['Vorname', 'First name'], required: true },
  { key: 'lastName', names: ['Nachname', 'Last name'], required: true },
  { key: 'role', names: ['Rolle', 'Role'], required: true },
  { key: 'account', names: ['Konto', 'Kundennummer', 'Account'] },
  { key: 'locale', names: ['Sprache', 'Language'] },
  { key: 'phone', names: ['Telefon', 'Phone'] },
];

export const USER_IMPORT_EXAMPLE: Partial<Record<Key, string>> = {
  email: 'hanna.hansen@baeckerei-hansen.de',
  firstName: 'Hanna',
  lastName: 'Hansen',
  role: 'Manager',
  account: '',
  locale: 'de',
  phone: '',
};

const PROBE_ROWS = 1_000;
const PREVIEW_ROWS = 20;

/** A role by its key (`manager`) or its German label (`Innendienst`), any case. */
const ROLE_BY_NAME = new Map<string, Role>([
  ...ROLES.map((role) => [role, role] as const),
  ...ROLES.map((role) => [normaliseHeader(ROLE_LABELS_DE[role]), role] as const),
  ['administrator', 'admin'],
  ['backoffice', 'backoffice'],
  ['vertriebspartner', 'distributor'],
]);
const LOCALE_BY_NAME = new Map<string, 'de' | 'en'>([
  ['', 'de'],
  ['de', 'de'],
  ['deutsch', 'de'],
  ['german', 'de'],
  ['en', 'en'],
  ['englisch', 'en'],
  ['english', 'en'],
]);

interface Row {
  line: number;
  email: string;
  accountRef: string;
  input: Omit<UserInvite, 'accountId'>;
  accountId: string | null;
  invalid: boolean;
  existing: boolean;
  duplicate: boolean;
}

export async function importUsers(actor: Actor, query: ImportQuery, req: Request): Promise<ImportReport> {
  if (actor.role === 'manager') throw new ApiError('forbidden', 'Manager können keine Benutzer importieren.');
  const bytes = await readUpload(req);
  const db = await getDb();
  const issues = new IssueList();
  const rows: Row[] = [];
  const pause = timeSlicer();
  const mayAssign = new Set(assignableRoles(actor));

  const read = await readImportRows(bytes, USER_IMPORT_COLUMNS, issues, (tableRow, cell, header) => {
    const line = tableRow.line;
    const column = (key: Key) => header.get(key) ?? key;
    let invalid = false;
    const roleText = cell('role');
    const role = ROLE_BY_NAME.get(normaliseHeader(roleText));
    if (!role) {
      issues.error(line, 'invalid_role', column('role'), roleText);
      invalid = true;
    } else if (!mayAssign.has(role)) {
      issues.error(line, 'role_not_assignable', column('role'), roleText);
      invalid = true;
    }
    const localeText = cell('locale');
    const locale = LOCALE_BY_NAME.get(localeText.toLowerCase());
    if (!locale) {
      issues.error(line, 'invalid_locale', column('locale'), localeText);
      invalid = true;
    }
    const accountRef = cell('account');
    const raw = {
      email: cell('email'),
      firstName: cell('firstName'),
      lastName: cell('lastName'),
      phone: cell('phone'),
      role: role ?? 'manager',
      // The schema's account rule (managers need one, others none) on the reference's presence.
      accountId: accountRef ? '00000000-0000-4000-8000-000000000000' : null,
      locale: locale ?? 'de',
    };
    const parsed = userInviteSchema.safeParse(raw);
    if (!parsed.success) {
      // An unknown role is reported once: neither the role nor the account rule that depends on it again.
      const relevant = parsed.error.issues.filter(
        (issue) => role || (issue.path[0] !== 'role' && issue.path[0] !== 'accountId'),
      );
      if (relevant.length > 0) {
        schemaIssues(
          issues,
          line,
          { ...parsed.error, issues: relevant } as typeof parsed.error,
          (path) => column(path[0] === 'accountId' ? 'account' : (String(path[0]) as Key)),
          (path) =>
            path[0] === 'accountId' ? accountRef : String((raw as Record<string, unknown>)[String(path[0])] ?? ''),
        );
        invalid = true;
      }
    }
    rows.push({
      line,
      email: raw.email.toLowerCase(),
      accountRef,
      input: parsed.success ? parsed.data : (raw as unknown as Row['input']),
      accountId: null,
      invalid,
      existing: false,
      duplicate: false,
    });
  });
  const column = (key: Key) => read.header.get(key) ?? key;

  // Accounts by customer number, in reach and not archived.
  const refs = [...new Set(rows.map((row) => row.accountRef).filter((ref) => ref !== ''))];
  const accountByNumber = new Map<string, { id: string; status: string }>();
  const reach = accountReach(actor);
  for (let start = 0; start < refs.length; start += PROBE_ROWS) {
    await pause();
    const found = await rowsOf<{ id: string; customer_number: string; status: string }>(
      db,
      sql`select accounts.id, accounts.customer_number, accounts.status from accounts
          where accounts.customer_number in (select jsonb_array_elements_text(${JSON.stringify(refs.slice(start, start + PROBE_ROWS))}::jsonb)) ${reach ? sql`and ${reach}` : sql``}`,
    );
    for (const row of found) accountByNumber.set(row.customer_number, { id: row.id, status: row.status });
  }
  // Addresses taken.
  const emails = [...new Set(rows.map((row) => row.email).filter((email) => email !== ''))];
  const taken = new Set<string>();
  for (let start = 0; start < emails.length; start += PROBE_ROWS) {
    await pause();
    const found = await rowsOf<{ email: string }>(
      db,
      sql`select lower(email) as email from users where lower(email) in (select jsonb_array_elements_text(${JSON.stringify(emails.slice(start, start + PROBE_ROWS))}::jsonb))`,
    );
    for (const row of found) taken.add(row.email);
  }
  const firstLine = new Map<string, number>();
  for (const row of rows) {
    await pause();
    if (row.accountRef !== '') {
      const account = accountByNumber.get(row.accountRef);
      if (!account) {
        issues.error(row.line, 'account_not_found', column('account'), row.accountRef);
        row.invalid = true;
      } else if (account.status === 'archived') {
        issues.error(row.line, 'account_archived', column('account'), row.accountRef);
        row.invalid = true;
      } else {
        row.accountId = account.id;
      }
    }
    if (row.email === '') continue;
    const first = firstLine.get(row.email);
    if (first !== undefined) {
      row.duplicate = true;
      issues.add({
        line: row.line,
        severity: 'duplicate',
        code: 'duplicate_in_file',
        column: column('email'),
        value: row.email,
        firstLine: first,
      });
      continue;
    }
    firstLine.set(row.email, row.line);
    if (taken.has(row.email) && !row.invalid) {
      row.existing = true;
      issues.add({ line: row.line, severity: 'exists', code: 'exists', column: column('email'), value: row.email });
    }
  }

  const fresh = rows.filter((row) => !row.invalid && !row.existing && !row.duplicate);
  const grants = fresh.filter((row) => needsRoleGrant(null, row.input.role));
  const { issues: listed, issuesTruncated } = issues.sorted();
  const report: ImportReport = {
    id: null,
    kind: 'users',
    format: read.format,
    dryRun: query.dryRun,
    rows: read.total,
    valid: fresh.length,
    existing: rows.filter((row) => row.existing).length,
    duplicates: rows.filter((row) => row.duplicate).length,
    errors: issues.errors,
    imported: 0,
    approvals: grants.length,
    issues: listed,
    issuesTruncated,
    preview: fresh.slice(0, PREVIEW_ROWS).map((row) => ({
      line: row.line,
      label: row.email,
      detail: `${row.input.firstName} ${row.input.lastName} · ${ROLE_LABELS_DE[row.input.role]}${row.accountRef ? ` · ${row.accountRef}` : ''}`,
    })),
  };
  assertImportable(report, read.stoppedAtLine, issues);
  if (query.dryRun) return report;
  // Granting a staff role from a file needs the same fresh second factor as from the form.
  if (grants.length > 0) assertRecentStepUp(actor);

  const importId = randomUUID();
  const done: ImportReport = { ...report, id: importId, imported: fresh.length };
  await db.transaction(async (tx) => {
    for (const row of fresh) {
      await pause();
      await insertInvitedUser(tx, actor, { ...row.input, accountId: row.accountId });
    }
    await storeImport(tx, actor, { id: importId, kind: 'users', accountId: null, report: done });
    await recordChange(tx, {
      actor,
      entityType: 'import',
      entityId: importId,
      entityLabel: `Benutzer-Import (${read.format.toUpperCase()})`,
      action: 'create',
      fields: [
        { field: 'rows', before: null, after: report.rows },
        { field: 'imported', before: null, after: fresh.length },
        { field: 'approvals', before: null, after: grants.length },
        { field: 'existing', before: null, after: report.existing },
      ],
    });
  });
  return done;
}
