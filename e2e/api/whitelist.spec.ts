import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { expect, test, type ApiClient } from '../fixtures/api';
import {
  accountByName,
  accountPath,
  createAccount,
  expectApiError,
  expectInvalid,
  expectJson,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';
import { activeAccount, decide } from '../fixtures/approvals';
import { DEMO_PASSWORD, demoUser, type DemoRole } from '../fixtures/demo-users';
import { describeHealth, HEALTH_LIMIT_MS, startHealthSampler } from '../fixtures/health-sampler';

/**
 * The whitelist API over real HTTP (SPEC §1 reach, §2 Whitelist entry, §4 CSV import, §5). Every
 * test writes entries with values of its own (a random tag), on demo accounts it only reads or on
 * accounts it creates, so it neither depends on nor disturbs other tests. The large imports go into
 * fresh accounts of their own.
 */

const WHITELIST = '/api/v1/whitelist/';
const IMPORT = '/api/v1/whitelist/import/';
const CHECK = '/api/v1/whitelist/check/';
const EXPORT = '/api/v1/export/whitelist.csv';
const entryPath = (id: string) => `/api/v1/whitelist/${id}/`;
const ifMatch = (version: number) => ({ 'if-match': `W/"${version}"` });

// Demo accounts (lib/server/db/seed/demo.ts), only read here.
const MUELLER = 'Müller Logistik GmbH'; // vertrieb@'s; manager@ manages its tree
const RHEINLAND = 'Rheinland Pflegedienste GmbH'; // another distributor's
const ARCHIVED = 'Hafenkontor Bremen GmbH'; // archived

interface Entry {
  id: string;
  accountId: string;
  kind: 'email' | 'domain';
  value: string;
  displayValue: string;
  note: string;
  validUntil: string | null;
  isExpired: boolean;
  version: number;
}
interface EntryList {
  items: Entry[];
  total: number;
  totalIsLowerBound: boolean;
  page: number;
  perPage: number;
}
interface ImportReport {
  dryRun: boolean;
  rows: number;
  valid: number;
  duplicates: number;
  errors: number;
  imported: number;
  issues: { line: number; severity: 'error' | 'duplicate'; code: string; value: string; firstLine: number | null }[];
  preview: { line: number; kind: string; value: string }[];
}

const tag = () => `t${randomUUID().slice(0, 8)}`;

/** Today and other days in Germany, as the API counts validUntil. */
function berlinDay(offsetDays = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(
    new Date(Date.now() + offsetDays * 86_400_000),
  );
}

async function sessionWithDelete(api: ApiClient, role: DemoRole) {
  const session = await openSession(api, role);
  const tokens = await api.login(demoUser(role).email, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${tokens.id_token}` };
  return {
    ...session,
    delete: (url: string, headers: Record<string, string> = {}) =>
      api.delete(url, { headers: { ...auth, ...headers } }),
    upload: (url: string, body: string | Buffer, contentType = 'text/csv') =>
      api.post(url, {
        headers: { ...auth, 'content-type': contentType },
        data: typeof body === 'string' ? Buffer.from(body) : body,
      }),
  };
}
type Session = Awaited<ReturnType<typeof sessionWithDelete>>;

async function createEntry(session: ApiSession, accountId: string, value: string, extra: Record<string, unknown> = {}) {
  return expectJson<Entry>(await session.post(WHITELIST, { accountId, value, ...extra }), 201);
}

async function list(session: ApiSession, query: Record<string, string>): Promise<EntryList> {
  return expectJson<EntryList>(await session.get(`${WHITELIST}?${new URLSearchParams(query)}`), 200);
}

async function check(session: ApiSession, email: string): Promise<{ allowed: boolean; accountIds: string[] }> {
  return expectJson(await session.get(`${CHECK}?${new URLSearchParams({ email })}`), 200);
}

const importUrl = (accountId: string, dryRun: boolean) =>
  `${IMPORT}?${new URLSearchParams({ accountId, ...(dryRun ? { dryRun: '1' } : {}) })}`;

async function expectReport(response: APIResponse): Promise<ImportReport> {
  return expectJson<ImportReport>(response, 200);
}

// -------------------------------------------------------------------------------------------------
// Reach: 4 roles × own / foreign account
// -------------------------------------------------------------------------------------------------

test.describe('reach', () => {
  // prettier-ignore
  const MATRIX: ReadonlyArray<readonly [DemoRole, 'own' | 'foreign', number]> = [
    ['admin',       'own',     200],
    ['admin',       'foreign', 200],
    ['backoffice',  'own',     200],
    ['backoffice',  'foreign', 200],
    ['distributor', 'own',     200],
    ['distributor', 'foreign', 404],
    ['manager',     'own',     200],
    ['manager',     'foreign', 404],
  ];

  for (const [role, target, expected] of MATRIX) {
    test(`${role} on a ${target} account: ${expected}`, async ({ api }) => {
      const admin = await openSession(api, 'admin');
      const account = await accountByName(admin, target === 'own' ? MUELLER : RHEINLAND);
      const me = await sessionWithDelete(api, role);
      const t = tag();

      // Create
      const created = await me.post(WHITELIST, { accountId: account.id, value: `${t}@example.com` });
      if (expected === 404) {
        await expectApiError(created, 404, 'not_found');
        const foreign = await createEntry(admin, account.id, `${t}@example.com`);
        // Read, list, check, export, update, delete, import: all as if it did not exist.
        await expectApiError(await me.get(entryPath(foreign.id)), 404, 'not_found');
        expect((await list(me, { q: t })).total).toBe(0);
        expect(await check(me, `${t}@example.com`)).toEqual({ allowed: false, accountIds: [] });
        const csv = await me.get(`${EXPORT}?q=${t}`);
        expect(csv.status()).toBe(200);
        expect(await csv.text()).not.toContain(t);
        await expectApiError(await me.patch(entryPath(foreign.id), { note: 'x' }, ifMatch(1)), 404, 'not_found');
        await expectApiError(await me.delete(entryPath(foreign.id), ifMatch(1)), 404, 'not_found');
        await expectApiError(
          await me.upload(importUrl(account.id, true), `value\n${t}b@example.com\n`),
          404,
          'not_found',
        );
        expect((await list(admin, { q: t })).total).toBe(1);
        return;
      }
      const entry = await expectJson<Entry>(created, 201);
      expect(created.headers()['etag']).toBe('W/"1"');
      expect(await expectJson<Entry>(await me.get(entryPath(entry.id)), 200)).toMatchObject({ id: entry.id });
      expect((await list(me, { q: t })).items.map((item) => item.id)).toEqual([entry.id]);
      expect(await check(me, `${t}@example.com`)).toEqual({ allowed: true, accountIds: [account.id] });
      const csv = await me.get(`${EXPORT}?q=${t}`);
      expect(await csv.text()).toContain(`${t}@example.com`);
      const updated = await expectJson<Entry>(await me.patch(entryPath(entry.id), { note: 'Notiz' }, ifMatch(1)), 200);
      expect(updated).toMatchObject({ note: 'Notiz', version: 2 });
      expect((await me.delete(entryPath(entry.id), ifMatch(2))).status()).toBe(204);
      await expectApiError(await me.get(entryPath(entry.id)), 404, 'not_found');
    });
  }

  test('an archived account is read-only; without a token 401', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const archived = await accountByName(admin, ARCHIVED);
    await expectApiError(
      await admin.post(WHITELIST, { accountId: archived.id, value: `${tag()}.de` }),
      403,
      'forbidden',
    );
    await expectApiError(await api.get(WHITELIST), 401, 'unauthorized');
    await expectApiError(await api.get(`${CHECK}?email=a@example.com`), 401, 'unauthorized');
  });
});

// -------------------------------------------------------------------------------------------------
// Entries: normalisation, uniqueness, versions, history, filters
// -------------------------------------------------------------------------------------------------

test.describe('entries', () => {
  test('values are trimmed, lower-cased, IDN domains stored in punycode; duplicates 409', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const account = await accountByName(admin, MUELLER);
    const t = tag();
    const domain = await createEntry(admin, account.id, `  Bäckerei-${t}.DE `);
    expect(domain).toMatchObject({ kind: 'domain', displayValue: `bäckerei-${t}.de` });
    expect(domain.value).toMatch(/^xn--bckerei-t.*\.de$/);
    const email = await createEntry(admin, account.id, `Max.Muster@Bäckerei-${t}.de`);
    expect(email).toMatchObject({ kind: 'email', value: `max.muster@${domain.value}` });

    // The same value in another spelling is the same entry.
    await expectApiError(
      await admin.post(WHITELIST, { accountId: account.id, value: domain.value.toUpperCase() }),
      409,
      'conflict',
    );
    await expectApiError(
      await admin.post(WHITELIST, { accountId: account.id, value: `MAX.muster@bäckerei-${t}.de` }),
      409,
      'conflict',
    );
    // … but another account may have it.
    const other = await accountByName(admin, RHEINLAND);
    await createEntry(admin, other.id, domain.value);

    for (const bad of [
      '',
      'not a domain',
      'foo',
      'a@b',
      '@example.com',
      'x@-bad.de',
      '1.2.3.4',
      'a\u0000b.de',
      '\u202eexample.de',
    ]) {
      await expectInvalid(await admin.post(WHITELIST, { accountId: account.id, value: bad }), 'value');
    }
    await expectInvalid(
      await admin.post(WHITELIST, { accountId: account.id, value: `${t}.de`, validUntil: '2026-02-30' }),
      'validUntil',
    );
    await expectInvalid(
      await admin.post(WHITELIST, { accountId: account.id, value: `${t}.de`, note: 'x'.repeat(501) }),
      'note',
    );
    await expectApiError(
      await admin.post(WHITELIST, { accountId: account.id, value: `${t}.de`, kind: 'email' }),
      422,
      'validation_failed',
    );
  });

  test('PATCH and DELETE need the current version; history is written', async ({ api }) => {
    const admin = await sessionWithDelete(api, 'admin');
    const account = await accountByName(admin, MUELLER);
    const t = tag();
    const entry = await createEntry(admin, account.id, `${t}@example.com`);
    await expectApiError(await admin.patch(entryPath(entry.id), { note: 'a' }), 428, 'precondition_required');
    const first = await expectJson<Entry>(await admin.patch(entryPath(entry.id), { note: 'a' }, ifMatch(1)), 200);
    expect(first.version).toBe(2);
    const stale = await expectApiError(
      await admin.patch(entryPath(entry.id), { note: 'b' }, ifMatch(1)),
      409,
      'conflict',
    );
    expect(stale.current).toMatchObject({ id: entry.id, note: 'a', version: 2 });
    const renamed = await expectJson<Entry>(
      await admin.patch(entryPath(entry.id), { value: `${t}.example.org`, version: 2 }),
      200,
    );
    expect(renamed).toMatchObject({ kind: 'domain', value: `${t}.example.org`, version: 3 });
    await expectApiError(await admin.delete(entryPath(entry.id)), 428, 'precondition_required');
    await expectApiError(await admin.delete(entryPath(entry.id), ifMatch(2)), 409, 'conflict');
    expect((await admin.delete(entryPath(entry.id), ifMatch(3))).status()).toBe(204);

    const changes = await expectJson<{ items: { action: string; fields: { field: string }[] }[] }>(
      await admin.get(`/api/v1/changes/?entityId=${entry.id}&perPage=10`),
      200,
    );
    expect(changes.items.map((change) => change.action).sort()).toEqual(['create', 'delete', 'update', 'update']);
  });

  test('filters kind, expired, accountId and the search find exactly the own entries', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const account = await accountByName(admin, MUELLER);
    const t = tag();
    const expired = await createEntry(admin, account.id, `old.${t}@example.com`, { validUntil: berlinDay(-1) });
    const today = await createEntry(admin, account.id, `today.${t}@example.com`, { validUntil: berlinDay(0) });
    const domain = await createEntry(admin, account.id, `${t}.example.net`, { note: 'Zentrale' });
    expect(expired.isExpired).toBe(true);
    expect(today.isExpired).toBe(false);

    const ids = (result: EntryList) => result.items.map((item) => item.id).sort();
    expect(ids(await list(admin, { q: t }))).toEqual([expired.id, today.id, domain.id].sort());
    expect(ids(await list(admin, { q: t, kind: 'domain' }))).toEqual([domain.id]);
    expect(ids(await list(admin, { q: t, expired: 'true' }))).toEqual([expired.id]);
    expect(ids(await list(admin, { q: t, expired: 'false' }))).toEqual([today.id, domain.id].sort());
    expect(ids(await list(admin, { q: t, accountId: account.id, sort: 'validUntil', order: 'desc' }))).toHaveLength(3);
    await expectApiError(await admin.get(`${WHITELIST}?sort=bogus`), 422, 'validation_failed');

    const csv = await admin.get(`${EXPORT}?q=${t}&kind=domain`);
    const text = await csv.text();
    expect(text.startsWith('\uFEFFWert;Art;Konto;Notiz')).toBe(true);
    expect(text).toContain(`${t}.example.net;Domain;${MUELLER};Zentrale`);
    expect(text).not.toContain(`today.${t}`);
  });
});

// -------------------------------------------------------------------------------------------------
// The list at scale (issue 24): a bounded count, orders an index reads both ways, page depth
// -------------------------------------------------------------------------------------------------

test.describe('list', () => {
  test('validUntil orders dated entries by day and those without one last, descending the exact reverse; pages follow on', async ({
    api,
  }) => {
    const admin = await openSession(api, 'admin');
    const account = await createAccount(admin, 'Whitelist Order');
    const t = tag();
    // Created out of order; two days twice and two entries without a day, so value and id break the ties.
    for (const [name, validUntil] of [
      ['d', null],
      ['b', '2031-03-01'],
      ['e', '2030-06-01'],
      ['a', null],
      ['c', '2030-06-01'],
    ] as const) {
      await createEntry(admin, account.id, `${name}.${t}@example.com`, { validUntil });
    }
    const ascending = ['c', 'e', 'b', 'a', 'd'].map((name) => `${name}.${t}@example.com`);
    const values = (result: EntryList) => result.items.map((item) => item.value);

    for (const [order, expected] of [
      ['asc', ascending],
      ['desc', [...ascending].reverse()],
    ] as const) {
      const whole = await list(admin, { accountId: account.id, sort: 'validUntil', order });
      expect(whole).toMatchObject({ total: 5, totalIsLowerBound: false });
      expect(values(whole)).toEqual(expected);
      // Paged by two, with the search instead of the account: the same order, nothing twice, nothing missing.
      const paged: string[] = [];
      for (const page of ['1', '2', '3']) {
        const result = await list(admin, { q: t, sort: 'validUntil', order, perPage: '2', page });
        expect(result).toMatchObject({ total: 5, totalIsLowerBound: false, page: Number(page), perPage: 2 });
        paged.push(...values(result));
      }
      expect(paged).toEqual(expected);
    }
  });

  test('beyond 1,000 matches the total says "more than"; page numbers reach as deep as the count', async ({ api }) => {
    const admin = await sessionWithDelete(api, 'admin');
    const account = await createAccount(admin, 'Whitelist Count');
    const t = tag();
    const rows = Array.from({ length: 1_001 }, (_, index) => `n${index}.${t}@example.com;;`);
    const report = await expectReport(
      await admin.upload(importUrl(account.id, false), ['value;note;validUntil', ...rows].join('\n')),
    );
    expect(report.imported).toBe(1_001);

    const all = await list(admin, { accountId: account.id });
    expect(all).toMatchObject({ total: 1_001, totalIsLowerBound: true, page: 1, perPage: 20 });
    expect(all.items).toHaveLength(20);
    // One fewer is counted exactly.
    await expect(list(admin, { accountId: account.id, q: `n1000.${t}` })).resolves.toMatchObject({
      total: 1,
      totalIsLowerBound: false,
    });
    expect(await list(admin, { accountId: account.id, kind: 'domain' })).toMatchObject({
      total: 0,
      totalIsLowerBound: false,
    });

    // Page 51 holds entries 1,001–1,020, the deepest a page number reaches; page 52 would skip more than were counted.
    const deepest = await list(admin, { accountId: account.id, page: '51', sort: 'value', order: 'desc' });
    expect(deepest.items.map((item) => item.value)).toEqual([`n0.${t}@example.com`]);
    await expectInvalid(await admin.get(`${WHITELIST}?accountId=${account.id}&page=52`), 'page');
    await expectInvalid(await admin.get(`${WHITELIST}?accountId=${account.id}&page=12&perPage=100`), 'page');
  });
});

// -------------------------------------------------------------------------------------------------
// The portal's check
// -------------------------------------------------------------------------------------------------

test.describe('check', () => {
  test('exact address or its domain, any case, Unicode or punycode, until the end of validUntil', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const account = await accountByName(admin, MUELLER);
    const other = await accountByName(admin, RHEINLAND);
    const t = tag();
    await createEntry(admin, account.id, `grüße-${t}.de`);
    await createEntry(admin, other.id, `grüße-${t}.de`);
    await createEntry(admin, account.id, `Anna@${t}.example.com`);
    await createEntry(admin, account.id, `gestern@${t}.example.com`, { validUntil: berlinDay(-1) });
    await createEntry(admin, account.id, `heute@${t}.example.com`, { validUntil: berlinDay(0) });

    const both = [account.id, other.id].sort();
    expect(await check(admin, `Jemand@GRÜSSE-${t}.de`)).toEqual({ allowed: false, accountIds: [] }); // ß is not ss
    expect((await check(admin, `jemand@grüße-${t}.de`)).accountIds.sort()).toEqual(both);
    expect((await check(admin, `JEMAND@Grüße-${t}.DE`)).accountIds.sort()).toEqual(both);
    const ascii = new URL(`http://grüße-${t}.de`).hostname;
    expect((await check(admin, `jemand@${ascii}`)).accountIds.sort()).toEqual(both);
    expect(await check(admin, `anna@${t}.example.com`)).toEqual({ allowed: true, accountIds: [account.id] });
    expect(await check(admin, ` ANNA@${t}.Example.com `)).toEqual({ allowed: true, accountIds: [account.id] });
    // An address entry does not open its domain, nor a subdomain.
    expect((await check(admin, `bert@${t}.example.com`)).allowed).toBe(false);
    expect((await check(admin, `jemand@sub.grüße-${t}.de`)).allowed).toBe(false);
    expect((await check(admin, `gestern@${t}.example.com`)).allowed).toBe(false);
    expect((await check(admin, `heute@${t}.example.com`)).allowed).toBe(true);

    // The manager sees only their tree.
    const manager = await openSession(api, 'manager');
    expect(await check(manager, `jemand@grüße-${t}.de`)).toEqual({ allowed: true, accountIds: [account.id] });

    for (const bad of ['', 'keine-adresse', 'a@b', `a@${'x'.repeat(300)}.de`, 'a\u0000@b.de']) {
      await expectInvalid(await admin.get(`${CHECK}?${new URLSearchParams({ email: bad })}`), 'email');
    }
  });

  test('an archived account’s entries no longer let anyone register', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const backoffice = await openSession(api, 'backoffice');
    const account = await activeAccount(backoffice, admin, 'Whitelist Archiv');
    const domain = `archiv-${tag()}.example.com`;
    await createEntry(backoffice, account.id, domain);
    expect(await check(admin, `jemand@${domain}`)).toEqual({ allowed: true, accountIds: [account.id] });
    const ref = await expectJson<{ id: string }>(
      await backoffice.post(accountPath(account.id, 'archive'), { reason: 'Gekündigt.' }),
      201,
    );
    expect((await decide(admin, ref.id, 'approve')).status).toBe('approved');
    expect(await check(admin, `jemand@${domain}`)).toEqual({ allowed: false, accountIds: [] });
  });
});

// -------------------------------------------------------------------------------------------------
// CSV import
// -------------------------------------------------------------------------------------------------

test.describe('CSV import', () => {
  let admin: Session;
  test.beforeEach(async ({ api }) => {
    admin = await sessionWithDelete(api, 'admin');
  });

  test('BOM, `;`, quotes, CRLF: dry run reports errors and duplicates by line, nothing stored', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const t = tag();
    await createEntry(admin, account.id, `stored.${t}@example.com`);
    const csv = [
      'value;note;validUntil',
      `anna.${t}@example.com;"Notiz; mit Semikolon";31.12.2030`,
      `${t}.example.org;"mehrzeilig ""zitiert""";`,
      'kaputt@;;',
      `ANNA.${t}@Example.com;doppelt;`,
      '',
      `stored.${t}@example.com;schon da;`,
      `bad-date.${t}@example.com;;2030-13-01`,
      'a\u202eb.de;;',
    ].join('\r\n');
    const dry = await expectReport(await admin.upload(importUrl(account.id, true), `\uFEFF${csv}\r\n`));
    // `rows`: every line after the header, the blank one too (issue 24).
    expect(dry).toMatchObject({ dryRun: true, rows: 8, valid: 2, duplicates: 2, errors: 3, imported: 0 });
    expect(dry.issues.map((issue) => [issue.line, issue.severity, issue.code, issue.firstLine])).toEqual([
      [4, 'error', 'invalid_email', null],
      [8, 'error', 'invalid_date', null],
      [9, 'error', 'invalid_text', null],
      [5, 'duplicate', 'duplicate_in_file', 2],
      [7, 'duplicate', 'duplicate_stored', null],
    ]);
    expect((await list(admin, { accountId: account.id })).total).toBe(1);
    // The real import refuses a file with errors: 422 naming the lines, nothing stored.
    const refused = await expectApiError(
      await admin.upload(importUrl(account.id, false), csv),
      422,
      'validation_failed',
    );
    expect(refused.details?.map((detail) => detail.path)).toEqual(['line.4', 'line.8', 'line.9']);
    expect((await list(admin, { accountId: account.id })).total).toBe(1);
  });

  test('`,` and LF, header in any order; the import stores the new rows and one history entry', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const t = tag();
    await createEntry(admin, account.id, `stored.${t}@example.com`);
    const csv = `validUntil,Value,note\n2030-01-01,"${t}.example.de","Zentrale, Berlin"\n,stored.${t}@example.com,\n,b.${t}@example.com,\n,B.${t}@example.com,\n`;
    const report = await expectReport(await admin.upload(importUrl(account.id, false), csv));
    expect(report).toMatchObject({ dryRun: false, rows: 4, imported: 2, duplicates: 2, errors: 0 });
    const stored = await list(admin, { accountId: account.id, sort: 'value' });
    expect(stored.items.map((item) => [item.value, item.note, item.validUntil])).toEqual([
      [`b.${t}@example.com`, '', null],
      [`stored.${t}@example.com`, '', null],
      [`${t}.example.de`, 'Zentrale, Berlin', '2030-01-01'],
    ]);
    expect((await check(admin, `x@${t}.example.de`)).accountIds).toEqual([account.id]);
    const history = await expectJson<{ items: { action: string; fields: { field: string; after: unknown }[] }[] }>(
      await admin.get(`/api/v1/changes/?accountId=${account.id}&entityType=whitelist_entry&perPage=20`),
      200,
    );
    const imports = history.items.filter((change) => change.fields.some((field) => field.field === 'imported'));
    expect(imports).toHaveLength(1);
    expect(imports[0]!.fields).toEqual([
      { field: 'rows', before: null, after: 4 },
      { field: 'imported', before: null, after: 2 },
      { field: 'duplicates', before: null, after: 2 },
    ]);
  });

  test('bad files: header, encoding, quotes, content type, query', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const dry = (body: string | Buffer, type?: string) => admin.upload(importUrl(account.id, true), body, type);
    expect((await expectReport(await dry('email;note\na@example.com;\n'))).issues[0]).toMatchObject({
      line: 1,
      code: 'header_invalid',
    });
    expect((await expectReport(await dry(''))).issues[0]).toMatchObject({ line: 1, code: 'header_invalid' });
    const latin1 = Buffer.concat([Buffer.from('value;note\nm\u00fcller.de;'), Buffer.from([0xfc]), Buffer.from('\n')]);
    expect((await expectReport(await dry(latin1))).issues.map((issue) => issue.code)).toContain('encoding');
    const unclosed = await expectReport(await dry('value;note\nok.example.de;\nx.de;"offen\n'));
    expect(unclosed.issues).toEqual([expect.objectContaining({ line: 3, code: 'csv_malformed' })]);
    await expectApiError(await dry('value\na.de\n', 'application/json'), 415, 'unsupported_media_type');
    await expectApiError(await admin.upload(`${IMPORT}?dryRun=1`, 'value\n'), 422, 'validation_failed');
    await expectApiError(await admin.upload(importUrl(randomUUID(), true), 'value\n'), 404, 'not_found');
    expect((await list(admin, { accountId: account.id })).total).toBe(0);
  });

  test('a byte that is no UTF-8 is refused on its own line; every other line keeps its number (issue 45)', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const t = tag();
    const good = (from: number, count: number) =>
      Array.from({ length: count }, (_, index) => `u${from + index}.${t}@example.com;Zeile ${from + index};\n`).join(
        '',
      );
    /** `before` valid rows after the header, a Latin-1 `é` on the next line, then `after` valid rows. */
    const file = (before: number, after: number) =>
      Buffer.concat([
        Buffer.from(`value;note;validUntil\n${good(0, before)}`),
        Buffer.from(`caf\u00e9.${t}.de;Zeile;\n`, 'latin1'),
        Buffer.from(good(before, after)),
      ]);
    for (const [before, after, badLine] of [
      [3_000, 0, 3_002],
      [2, 3_000, 4],
    ] as const) {
      const body = file(before, after);
      const dry = await expectReport(await admin.upload(importUrl(account.id, true), body));
      expect(dry.issues).toEqual([expect.objectContaining({ line: badLine, code: 'encoding' })]);
      // Every line is read: no line after the bad one is lost or reported.
      expect(dry).toMatchObject({ rows: before + after + 1, valid: before + after, errors: 1 });
      const real = await expectApiError(
        await admin.upload(importUrl(account.id, false), body),
        422,
        'validation_failed',
      );
      expect(real.details).toEqual([{ path: `line.${badLine}`, message: 'encoding' }]);
    }
    expect((await list(admin, { accountId: account.id })).total).toBe(0);
  });

  test('50,000 rows are imported; 50,001 are refused; a bad row on line 40,000 stores nothing @alone', async () => {
    test.setTimeout(120_000);
    const t = tag();
    const rows = (count: number, bad?: number) => {
      const lines = ['value;note;validUntil'];
      for (let index = 1; index <= count; index++) {
        // Line numbers count the header as line 1.
        lines.push(index + 1 === bad ? 'kein wert;;' : `u${index}.${t}@example.com;Zeile ${index};`);
      }
      return `${lines.join('\n')}\n`;
    };

    const tooMany = await createAccount(admin, 'Whitelist Import');
    const refused = await expectApiError(
      await admin.upload(importUrl(tooMany.id, false), rows(50_001)),
      413,
      'payload_too_large',
    );
    expect(refused.message).toContain('50.000');
    expect((await list(admin, { accountId: tooMany.id })).total).toBe(0);

    const badLine = await createAccount(admin, 'Whitelist Import');
    const withBad = rows(50_000, 40_000);
    const report = await expectReport(await admin.upload(importUrl(badLine.id, true), withBad));
    expect(report).toMatchObject({ rows: 50_000, valid: 49_999, errors: 1 });
    expect(report.issues).toEqual([expect.objectContaining({ line: 40_000, code: 'invalid_domain' })]);
    const failed = await expectApiError(
      await admin.upload(importUrl(badLine.id, false), withBad),
      422,
      'validation_failed',
    );
    expect(failed.details).toEqual([{ path: 'line.40000', message: 'invalid_domain' }]);
    expect((await list(admin, { accountId: badLine.id })).total).toBe(0);

    const full = await createAccount(admin, 'Whitelist Import');
    // The import itself (inserts into the trigram indexes) never holds the event loop (issue 45: 318 and 723 ms).
    const health = startHealthSampler(test.info().project.use.baseURL!);
    const started = Date.now();
    const response = await admin.upload(importUrl(full.id, false), rows(50_000));
    const took = `${Date.now() - started} ms`;
    const summary = await health.stop();
    test
      .info()
      .annotations.push({ type: 'import 50,000 rows', description: `${took}; health ${describeHealth(summary)}` });
    console.log(`[whitelist] import of 50,000 rows: ${took}; /api/v1/health/: ${describeHealth(summary)}`);
    const imported = await expectReport(response);
    expect(imported).toMatchObject({ rows: 50_000, imported: 50_000, errors: 0, duplicates: 0 });
    expect(summary.samples).toBeGreaterThan(5);
    expect(summary.maxMs, describeHealth(summary)).toBeLessThanOrEqual(HEALTH_LIMIT_MS);
    // The list counts 1,000 and says "more than"; the dry run below finds all 50,000 stored.
    expect(await list(admin, { accountId: full.id, perPage: '1' })).toMatchObject({
      total: 1_001,
      totalIsLowerBound: true,
    });
    expect((await check(admin, `u49999.${t}@example.com`)).accountIds).toEqual([full.id]);

    // Again: every row is a duplicate now (stored for the account), nothing new.
    const again = await expectReport(await admin.upload(importUrl(full.id, true), rows(50_000)));
    expect(again).toMatchObject({ valid: 0, duplicates: 50_000, errors: 0 });
    expect(again.issues.every((issue) => issue.code === 'duplicate_stored')).toBe(true);
  });
});

// -------------------------------------------------------------------------------------------------
// Hostile files (issue 24): no import may hold the event loop
// -------------------------------------------------------------------------------------------------

test.describe('CSV import of hostile files', () => {
  let admin: Session;
  test.beforeEach(async ({ api }) => {
    admin = await sessionWithDelete(api, 'admin');
  });

  test('malformed lines are reported once each, on their real line numbers', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const t = tag();
    const csv = ['value;note', `a.${t}.de;`, '"a"b;', `b.${t}.de;"zwei`, `Zeilen"`, 'x"y.de;', '', `"c.${t}.de";"d"e`];
    const report = await expectReport(await admin.upload(importUrl(account.id, true), `${csv.join('\r\n')}\r\n`));
    expect(report.issues.map((issue) => [issue.line, issue.code])).toEqual([
      [3, 'csv_malformed'],
      [6, 'csv_malformed'],
      [8, 'csv_malformed'],
    ]);
    expect(report.preview.map((row) => [row.line, row.value])).toEqual([
      [2, `a.${t}.de`],
      [4, `b.${t}.de`],
    ]);
    // Six lines after the header (the quoted line break joins 4 and 5): two rows, three malformed, one blank.
    expect(report).toMatchObject({ rows: 6, valid: 2, errors: 3 });
  });

  test('blank lines count toward the 50,000 lines', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const t = tag();
    const atLimit = `value\n${'\n'.repeat(49_999)}a.${t}.de\n`;
    expect(await expectReport(await admin.upload(importUrl(account.id, true), atLimit))).toMatchObject({
      rows: 50_000,
      valid: 1,
      errors: 0,
    });
    const beyond = `value\n${'\r\n'.repeat(50_000)}a.${t}.de\n`;
    const refused = await expectApiError(
      await admin.upload(importUrl(account.id, true), beyond),
      413,
      'payload_too_large',
    );
    expect(refused.details).toEqual([{ path: 'file', message: 'too_many_rows' }]);
    // Before the header too.
    await expectApiError(
      await admin.upload(importUrl(account.id, true), '\n'.repeat(50_001)),
      413,
      'payload_too_large',
    );
  });

  test('reading stops at 1,000 errors: 422 with the report so far', async () => {
    const account = await createAccount(admin, 'Whitelist Import');
    const t = tag();
    const lines = ['value', `ok.${t}.de`];
    for (let index = 0; index < 5_000; index++) lines.push(index % 2 ? '"a"b' : 'kaputt@');
    for (const dryRun of [true, false]) {
      const refused = await expectApiError(
        await admin.upload(importUrl(account.id, dryRun), `${lines.join('\n')}\n`),
        422,
        'validation_failed',
      );
      expect(refused.message).toContain('Zeile 1.002');
      expect(refused.details).toHaveLength(100);
      expect(refused.details?.slice(0, 2)).toEqual([
        { path: 'line.3', message: 'invalid_email' },
        { path: 'line.4', message: 'csv_malformed' },
      ]);
      const report = refused.current as unknown as ImportReport & { issuesTruncated: boolean };
      expect(report).toMatchObject({
        dryRun,
        rows: 1_001,
        valid: 1,
        errors: 1_000,
        imported: 0,
        issuesTruncated: false,
      });
      expect(report.issues).toHaveLength(1_000);
      expect(report.issues.at(-1)).toMatchObject({ line: 1_002, code: 'csv_malformed' });
      expect(report.preview.map((row) => row.value)).toEqual([`ok.${t}.de`]);
    }
    expect((await list(admin, { accountId: account.id })).total).toBe(0);
  });

  // @alone: runs in the fuzz project, with nothing else on the server (playwright.config.ts).
  test('a hostile big file does not delay a concurrent /api/v1/health/ beyond 250 ms @alone', async () => {
    test.setTimeout(120_000);
    const account = await createAccount(admin, 'Whitelist Import');
    const files: [string, string, number][] = [
      // The red team's files (issue 24): 4.9 s, 19 s and 10 s of a blocked server before. Now the
      // first two stop at the 1,000th error (422) and the third at the 50,001st line (413).
      ['8,000 lines of "a"b', `value\n${'"a"b\n'.repeat(8_000)}`, 422],
      ['16,000 lines of "a"b', `value\n${'"a"b\n'.repeat(16_000)}`, 422],
      ['300 KB of line breaks', `value\n${'\n'.repeat(300 * 1024)}`, 413],
      // The largest files the import reads to the end: one open quote over 16 MiB; 50,000 valid rows.
      ['16 MiB in one open quote', `value\n"${'x'.repeat(16 * 1024 * 1024 - 16)}`, 200],
      [
        '50,000 rows',
        `value;note\n${Array.from({ length: 50_000 }, (_, index) => `u${index}@hostile.example;Zeile ${index}`).join('\n')}\n`,
        200,
      ],
    ];
    const bodies = files.map(([name, text, status]) => [name, Buffer.from(text), status] as const);
    const health = startHealthSampler(test.info().project.use.baseURL!);
    const answers: { name: string; status: number; expected: number; ms: number }[] = [];
    try {
      for (const [name, body, expected] of bodies) {
        const started = Date.now();
        const response = await admin.upload(importUrl(account.id, true), body);
        answers.push({ name, status: response.status(), expected, ms: Date.now() - started });
      }
    } finally {
      const summary = await health.stop();
      const said = answers.map((answer) => `${answer.name}: ${answer.status} in ${answer.ms} ms`).join('; ');
      test.info().annotations.push({ type: 'hostile imports', description: said });
      test.info().annotations.push({ type: 'health during hostile imports', description: describeHealth(summary) });
      console.log(`[whitelist] ${said}; /api/v1/health/: ${describeHealth(summary)}`);
      expect(summary.samples).toBeGreaterThan(5);
      expect(summary.maxMs, describeHealth(summary)).toBeLessThanOrEqual(HEALTH_LIMIT_MS);
    }
    expect(answers.map((answer) => [answer.name, answer.status])).toEqual(
      files.map(([name, , status]) => [name, status]),
    );
  });
});
