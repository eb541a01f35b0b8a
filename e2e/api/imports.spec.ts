import { randomUUID } from 'node:crypto';
import type { APIResponse } from '@playwright/test';
import { expect, test, type ApiClient } from '../fixtures/api';
import {
  accountByName,
  expectApiError,
  expectJson,
  listAccounts,
  openSession,
  type ApiSession,
} from '../fixtures/accounts';
import { listApprovals } from '../fixtures/approvals';
import { DEMO_PASSWORD, demoUser, type DemoRole } from '../fixtures/demo-users';
import { describeHealth, HEALTH_LIMIT_MS, startHealthSampler } from '../fixtures/health-sampler';
import { xlsxBomb, xlsxOf, xlsxWide } from '../../lib/server/import/test-files';

/**
 * The account and user imports over real HTTP (issue 49): dry run and real run, every rule refused on
 * its line, reach, role grants as approvals, hostile files, 50,000 rows beside a sampled /health/.
 * Every test names its accounts and users with a tag of its own.
 */

const ACCOUNTS_IMPORT = '/api/v1/accounts/import/';
const USERS_IMPORT = '/api/v1/users/import/';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Demo accounts (lib/server/db/seed/demo.ts), only read here.
const MUELLER = 'Müller Logistik GmbH'; // vertrieb@'s
const RHEINLAND = 'Rheinland Pflegedienste GmbH'; // another distributor's

interface Issue {
  line: number;
  severity: 'error' | 'duplicate' | 'exists';
  code: string;
  column: string | null;
  value: string;
  firstLine: number | null;
}
interface Report {
  id: string | null;
  kind: string;
  format: 'csv' | 'xlsx';
  dryRun: boolean;
  rows: number;
  valid: number;
  existing: number;
  duplicates: number;
  errors: number;
  imported: number;
  approvals: number;
  issues: Issue[];
  preview: { line: number; label: string; detail: string }[];
}

const tag = () => `t${randomUUID().slice(0, 8)}`;

async function uploader(api: ApiClient, role: DemoRole) {
  const session = await openSession(api, role);
  const tokens = await api.login(demoUser(role).email, DEMO_PASSWORD);
  const auth = { authorization: `Bearer ${tokens.id_token}` };
  return {
    ...session,
    upload: (url: string, body: string | Buffer, contentType = 'text/csv') =>
      api.post(url, {
        headers: { ...auth, 'content-type': contentType },
        data: typeof body === 'string' ? Buffer.from(body) : body,
      }),
  };
}
type Session = Awaited<ReturnType<typeof uploader>>;

const url = (base: string, dryRun: boolean) => `${base}${dryRun ? '?dryRun=1' : ''}`;
const report = (response: APIResponse) => expectJson<Report>(response, 200);
const issuesOf = (value: Report) => value.issues.map((issue) => [issue.line, issue.severity, issue.code]);

async function namedAccounts(session: ApiSession, q: string) {
  return (await listAccounts(session, { q, perPage: 100 })).items;
}

test.describe('account import', () => {
  let admin: Session;
  test.beforeEach(async ({ api }) => {
    admin = await uploader(api, 'admin');
  });

  test('a tree in one CSV (children before parents), a dry run, the import, and the same file again', async () => {
    const t = tag();
    const mueller = await accountByName(admin, MUELLER);
    const csv = [
      'Name;Rechtsform;Übergeordnetes Konto;PLZ;Ort;Mitarbeitende;sachbezug;jobticket',
      `Filiale Kiel ${t};GmbH;Holding ${t};24103;Kiel;12;50,00;`,
      `Holding ${t};AG;;10115;Berlin;200;;58`,
      `Filiale Husum ${t};GmbH;Holding ${t};25813;Husum;8;"44,50";`,
      `Lager ${t};KG;Filiale Kiel ${t};;;0;;`,
      `Unter Müller ${t};GmbH;${mueller.customerNumber};;;3;;`,
    ].join('\r\n');
    const dry = await report(await admin.upload(url(ACCOUNTS_IMPORT, true), `\uFEFF${csv}\r\n`));
    expect(dry).toMatchObject({
      kind: 'accounts',
      format: 'csv',
      dryRun: true,
      rows: 5,
      valid: 5,
      errors: 0,
      imported: 0,
      id: null,
    });
    expect(await namedAccounts(admin, t)).toHaveLength(0);

    const done = await report(await admin.upload(url(ACCOUNTS_IMPORT, false), csv));
    expect(done).toMatchObject({ dryRun: false, valid: 5, imported: 5, errors: 0 });
    const created = await namedAccounts(admin, t);
    expect(created.map((account) => account.status)).toEqual(['draft', 'draft', 'draft', 'draft', 'draft']);
    const byName = new Map(created.map((account) => [account.name, account]));
    const holding = byName.get(`Holding ${t}`)!;
    expect(byName.get(`Filiale Kiel ${t}`)!.parentId).toBe(holding.id);
    expect(byName.get(`Lager ${t}`)!.parentId).toBe(byName.get(`Filiale Kiel ${t}`)!.id);
    expect(byName.get(`Unter Müller ${t}`)!.parentId).toBe(mueller.id);
    // A sub-account inherits the tree's distributor, as from the form.
    expect(byName.get(`Unter Müller ${t}`)!.distributorId).toBe(mueller.distributorId);
    const kiel = await expectJson<{ benefits: { code: string; amountCents: number }[]; employeeCount: number }>(
      await admin.get(`/api/v1/accounts/${byName.get(`Filiale Kiel ${t}`)!.id}/`),
      200,
    );
    expect(kiel).toMatchObject({ employeeCount: 12, benefits: [{ code: 'sachbezug', amountCents: 5000 }] });

    // The import's history entry links to its stored report; each account has its own entry.
    const stored = await expectJson<{ kind: string; actor: { id: string; name: string }; report: Report }>(
      await admin.get(`/api/v1/imports/${done.id}/`),
      200,
    );
    expect(stored).toMatchObject({ kind: 'accounts', report: { imported: 5 } });
    // The importer is named as the history names people now (resolved on reading, so erasure reaches it).
    const me = await expectJson<{ firstName: string; lastName: string }>(
      await admin.get(`/api/v1/users/${admin.userId}/`),
      200,
    );
    expect(stored.actor).toEqual({ id: admin.userId, name: `${me.firstName} ${me.lastName}` });
    const entry = await expectJson<{
      entityType: string;
      entityId: string;
      fields: { field: string; after: unknown }[];
    }>(await admin.get(`/api/v1/changes/${await findImportChange(admin, done.id!)}/`), 200);
    expect(entry).toMatchObject({ entityType: 'import', entityId: done.id });
    const holdingHistory = await expectJson<{ items: { action: string }[] }>(
      await admin.get(`/api/v1/changes/?entityId=${holding.id}`),
      200,
    );
    expect(holdingHistory.items.map((item) => item.action)).toEqual(['create']);

    // The same file again: every row exists, nothing changes.
    const again = await report(await admin.upload(url(ACCOUNTS_IMPORT, false), csv));
    expect(again).toMatchObject({ valid: 0, existing: 5, imported: 0, errors: 0 });
    expect(again.issues.every((issue) => issue.severity === 'exists')).toBe(true);
    expect(await namedAccounts(admin, t)).toHaveLength(5);
  });

  test('every rule is refused on its line; a real run with any error stores nothing', async () => {
    const t = tag();
    const csv = [
      'name,legalForm,parent,distributor,zip,country,vatId,employeeCount,sachbezug',
      `Gut ${t},GmbH,,,10115,DE,,1,`,
      `Falsche Form ${t},Verein,,,,DE,,,`,
      `Falsche PLZ ${t},GmbH,,,1234,DE,,,`,
      `Ohne Eltern ${t},GmbH,K-999999,,,,,,`,
      `Zweimal ${t},GmbH,,,,,,,`,
      `Zweimal ${t},GmbH,,,,,,,`,
      `Kind ${t},GmbH,Zweimal ${t},,,,,,`,
      `Kreis A ${t},GmbH,Kreis B ${t},,,,,,`,
      `Kreis B ${t},GmbH,Kreis A ${t},,,,,,`,
      `Fremder ${t},GmbH,,niemand@example.com,,,,,`,
      `Betrag ${t},GmbH,,,,,,,zehn`,
      `USt ${t},GmbH,,,,,DE12,,`,
      `Zahl ${t},GmbH,,,,,,-3,`,
    ].join('\n');
    const dry = await report(await admin.upload(url(ACCOUNTS_IMPORT, true), csv));
    expect(issuesOf(dry)).toEqual([
      [3, 'error', 'invalidOption'],
      [4, 'error', 'zip'],
      [5, 'error', 'parent_not_found'],
      [7, 'duplicate', 'duplicate_in_file'],
      [8, 'error', 'parent_ambiguous'],
      [9, 'error', 'parent_cycle'],
      [10, 'error', 'parent_cycle'],
      [11, 'error', 'distributor_not_found'],
      [12, 'error', 'invalid_amount'],
      [13, 'error', 'vatId'],
      [14, 'error', 'invalid_number'],
    ]);
    expect(dry.issues.find((issue) => issue.line === 12)).toMatchObject({ column: 'sachbezug', value: 'zehn' });
    expect(dry.issues.find((issue) => issue.line === 7)).toMatchObject({ firstLine: 6 });
    const refused = await expectApiError(
      await admin.upload(url(ACCOUNTS_IMPORT, false), csv),
      422,
      'validation_failed',
    );
    expect(refused.details?.map((detail) => detail.path)).toContain('line.3');
    expect(await namedAccounts(admin, t)).toHaveLength(0);
  });

  test('reach: a distributor imports under their own accounts only, and only for themselves', async ({ api }) => {
    const distributor = await uploader(api, 'distributor');
    const own = await accountByName(distributor, MUELLER);
    const foreign = await accountByName(admin, RHEINLAND);
    const t = tag();
    const csv = [
      'Name;Rechtsform;Übergeordnetes Konto;Vertriebspartner',
      `Eigenes ${t};GmbH;;`,
      `Unter eigenem ${t};GmbH;${own.customerNumber};`,
      `Unter fremdem ${t};GmbH;${foreign.customerNumber};`,
      `Für andere ${t};GmbH;;vertrieb2@example.com`,
    ].join('\n');
    const dry = await report(await distributor.upload(url(ACCOUNTS_IMPORT, true), csv));
    expect(issuesOf(dry).map(([line, , code]) => [line, code])).toEqual([
      [4, 'parent_not_found'],
      [5, expect.stringMatching(/^(distributor_not_found|distributorOnlyForSelf)$/)],
    ]);
    const fine = csv.split('\n').slice(0, 3).join('\n');
    const done = await report(await distributor.upload(url(ACCOUNTS_IMPORT, false), fine));
    expect(done.imported).toBe(2);
    const created = await namedAccounts(distributor, t);
    expect(created.every((account) => account.distributorId === distributor.userId)).toBe(true);
    // The report is the distributor's; the manager (another user) does not see it.
    const manager = await openSession(api, 'manager');
    await expectApiError(await manager.get(`/api/v1/imports/${done.id}/`), 404, 'not_found');
  });

  test('XLSX: the first sheet by row number; a formula is refused, never evaluated; text starting with = stays text', async () => {
    const t = tag();
    const bytes = await xlsxOf([
      ['Name', 'Rechtsform', 'Mitarbeitende'],
      [`Excel ${t}`, 'GmbH', 5],
      [],
      [`=Formelname ${t}`, 'GmbH', 1],
      [`Formel ${t}`, 'GmbH', { formula: '2+3', result: 5 }],
    ]);
    const dry = await report(await admin.upload(url(ACCOUNTS_IMPORT, true), bytes, XLSX));
    expect(dry).toMatchObject({ format: 'xlsx', rows: 3, valid: 2, errors: 1 });
    expect(dry.issues).toEqual([expect.objectContaining({ line: 5, code: 'formula', column: 'Mitarbeitende' })]);
  });

  test('hostile files: zip bombs, 10,000 columns, wrong encoding, 0 bytes', async () => {
    const refuse = async (body: Buffer, code: string, type = XLSX) => {
      const error = await expectApiError(
        await admin.upload(url(ACCOUNTS_IMPORT, true), body, type),
        422,
        'validation_failed',
      );
      expect(error.details?.[0]?.message).toBe(code);
    };
    const bomb = xlsxBomb(1024, true);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await refuse(bomb, 'xlsx_too_large_unpacked');
    await refuse(xlsxBomb(300, false), 'xlsx_too_large_unpacked');
    await refuse(await xlsxWide(10_000), 'too_many_columns');
    await refuse(Buffer.alloc(0), 'empty_file', 'text/csv');
    // Windows-1252 as German Excel writes it: read as such.
    const t = tag();
    const legacy = Buffer.from(`Name;Rechtsform;Ort\nB\u00e4ckerei ${t};GmbH;L\u00fcbeck\n`, 'latin1');
    const dry = await report(await admin.upload(url(ACCOUNTS_IMPORT, true), legacy));
    expect(dry).toMatchObject({ valid: 1, errors: 0, preview: [{ label: `Bäckerei ${t}` }] });
    // UTF-8 with a stray byte: that line is an encoding error, the others keep their numbers.
    const mixed = Buffer.concat([
      Buffer.from(`Name;Rechtsform;Ort\nMüller ${t};GmbH;Kiel\nM`),
      Buffer.from([0xfc]),
      Buffer.from(`ller ${t};GmbH;Kiel\nOk ${t};GmbH;Kiel\n`),
    ]);
    expect(issuesOf(await report(await admin.upload(url(ACCOUNTS_IMPORT, true), mixed)))).toEqual([
      [3, 'error', 'encoding'],
    ]);
  });

  test('the templates (CSV and XLSX) have German headers and an example row the import accepts', async () => {
    const csv = await admin.get('/api/v1/accounts/import/template.csv');
    expect(csv.status()).toBe(200);
    const text = await csv.text();
    expect(text.split('\r\n')[0]).toBe(
      '\uFEFFName;Rechtsform;Übergeordnetes Konto;Vertriebspartner;Straße;PLZ;Ort;Land;Ansprechpartner;E-Mail;Telefon;USt-IdNr.;Mitarbeitende;Notizen;sachbezug;essenszuschuss;internet;jobticket;kita;gesundheit;erholung;geschenk;bav;bkv',
    );
    const xlsx = await admin.get('/api/v1/accounts/import/template.xlsx');
    expect(xlsx.headers()['content-type']).toBe(XLSX);
    for (const body of [Buffer.from(text), await xlsx.body()]) {
      const dry = await expectJson<Report>(await admin.upload(url(ACCOUNTS_IMPORT, true), body), 200);
      expect(dry.errors).toBe(0);
      expect(dry.rows).toBe(1);
    }
  });

  test('50,000 rows: dry run and refusal of the 50,001st, /health/ sampled @alone', async () => {
    test.setTimeout(180_000);
    const t = tag();
    const rows = (count: number) =>
      `Name;Rechtsform;Übergeordnetes Konto;Ort\n${Array.from({ length: count }, (_, index) =>
        index % 10 === 0
          ? `Wurzel ${index} ${t};GmbH;;Kiel`
          : `Kind ${index} ${t};GmbH;Wurzel ${index - (index % 10)} ${t};Kiel`,
      ).join('\n')}\n`;
    // A fresh server loads a route's module (exceljs among it) at its first request, a few hundred ms
    // of compiling that holds the event loop once per process: warm the route before sampling.
    await report(await admin.upload(url(ACCOUNTS_IMPORT, true), rows(1)));
    const health = startHealthSampler(test.info().project.use.baseURL!);
    const started = Date.now();
    const response = await admin.upload(url(ACCOUNTS_IMPORT, true), rows(50_000));
    const took = `${Date.now() - started} ms`;
    const tooMany = await admin.upload(url(ACCOUNTS_IMPORT, true), rows(50_001));
    const summary = await health.stop();
    console.log(`[imports] dry run of 50,000 account rows: ${took}; /api/v1/health/: ${describeHealth(summary)}`);
    test
      .info()
      .annotations.push({ type: 'account import 50,000 rows', description: `${took}; ${describeHealth(summary)}` });
    expect(await report(response)).toMatchObject({ rows: 50_000, valid: 50_000, errors: 0 });
    await expectApiError(tooMany, 413, 'payload_too_large');
    expect(summary.samples).toBeGreaterThan(3);
    expect(summary.maxMs, describeHealth(summary)).toBeLessThanOrEqual(HEALTH_LIMIT_MS);
  });
});

async function findImportChange(session: ApiSession, importId: string): Promise<string> {
  const list = await expectJson<{ items: { id: string; entityId: string }[] }>(
    await session.get(`/api/v1/changes/?entityType=import&perPage=100`),
    200,
  );
  const found = list.items.find((item) => item.entityId === importId);
  expect(found, 'the import’s history entry').toBeDefined();
  return found!.id;
}

test.describe('user import', () => {
  test('invitations with mail; administrator and back office become role-grant approvals; again: existing', async ({
    api,
  }) => {
    const admin = await uploader(api, 'admin');
    const mueller = await accountByName(admin, MUELLER);
    const t = tag();
    const csv = [
      'E-Mail;Vorname;Nachname;Rolle;Konto;Sprache',
      `leitung.${t}@example.com;Lea;Leitung;Manager;${mueller.customerNumber};de`,
      `chef.${t}@example.com;Carl;Chef;Administrator;;en`,
      `innen.${t}@example.com;Ina;Innen;Innendienst;;`,
      `partner.${t}@example.com;Paul;Partner;distributor;;Deutsch`,
    ].join('\n');
    const dry = await report(await admin.upload(url(USERS_IMPORT, true), csv));
    expect(dry).toMatchObject({ kind: 'users', valid: 4, approvals: 2, errors: 0 });
    const done = await report(await admin.upload(url(USERS_IMPORT, false), csv));
    expect(done).toMatchObject({ imported: 4, approvals: 2 });
    const users = await expectJson<{ items: { id: string; email: string; status: string; role: string }[] }>(
      await admin.get(`/api/v1/users/?q=${t}&perPage=100`),
      200,
    );
    expect(users.items.map((user) => [user.email, user.status]).sort()).toEqual([
      [`chef.${t}@example.com`, 'invited'],
      [`innen.${t}@example.com`, 'invited'],
      [`leitung.${t}@example.com`, 'invited'],
      [`partner.${t}@example.com`, 'invited'],
    ]);
    const pending = await listApprovals(admin, { status: 'pending', kind: 'role_grant', perPage: 100 });
    const staff = users.items
      .filter((user) => user.role === 'admin' || user.role === 'backoffice')
      .map((user) => user.id);
    expect(staff).toHaveLength(2);
    const grants = pending.items.filter((item) => staff.includes(item.entityId));
    expect(grants.map((item) => item.payload?.role ?? item.kind).length).toBe(2);

    const again = await report(await admin.upload(url(USERS_IMPORT, true), csv));
    expect(again).toMatchObject({ valid: 0, existing: 4 });
  });

  test('rules by line: role, scope of who invites whom, account reach, duplicates; a manager imports nobody', async ({
    api,
  }) => {
    const distributor = await uploader(api, 'distributor');
    const own = await accountByName(distributor, MUELLER);
    const admin = await openSession(api, 'admin');
    const foreign = await accountByName(admin, RHEINLAND);
    const t = tag();
    const csv = [
      'email,firstName,lastName,role,account,locale',
      `ok.${t}@example.com,Olga,Ok,manager,${own.customerNumber},de`,
      `innen.${t}@example.com,Ina,Innen,backoffice,,de`,
      `fremd.${t}@example.com,Fritz,Fremd,manager,${foreign.customerNumber},de`,
      `rolle.${t}@example.com,Rita,Rolle,Chefin,,de`,
      `kaputt-${t},Karl,Kaputt,manager,${own.customerNumber},de`,
      `OK.${t}@example.com,Olga,Ok,manager,${own.customerNumber},de`,
      `sprache.${t}@example.com,Sven,Sprache,manager,${own.customerNumber},fr`,
    ].join('\n');
    const dry = await report(await distributor.upload(url(USERS_IMPORT, true), csv));
    expect(issuesOf(dry)).toEqual([
      [3, 'error', 'role_not_assignable'],
      [4, 'error', 'account_not_found'],
      [5, 'error', 'invalid_role'],
      [6, 'error', 'invalidEmail'],
      [7, 'duplicate', 'duplicate_in_file'],
      [8, 'error', 'invalid_locale'],
    ]);
    await expectApiError(await distributor.upload(url(USERS_IMPORT, false), csv), 422, 'validation_failed');
    const manager = await uploader(api, 'manager');
    await expectApiError(await manager.upload(url(USERS_IMPORT, true), csv), 403, 'forbidden');
  });
});
