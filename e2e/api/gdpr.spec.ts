import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ReservedSql, TransactionSql } from 'postgres';
import { expect, test } from '../fixtures/api';
import { expectApiError, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { demoUser } from '../fixtures/demo-users';
import { APPROVALS_CSV, CHANGES, CHANGES_CSV, decide, getApproval, listChanges } from '../fixtures/approvals';
import { USERS_CSV, activeUser, getUser, listUsers, outboxFor, userPath } from '../fixtures/users';
import { chainKeys, entryMac } from '../../lib/server/history/keyed';

/**
 * Issue 29 over real HTTP: the personal-data export and its reach, erasure as a four-eyes approval
 * (never one's own) after which the old name and e-mail are nowhere, and the history's hash chain
 * (valid after erasure; on PostgreSQL, a row changed with the tables owner's rights is found by
 * `GET /changes/verify` and by `npm run audit:verify`).
 */

const VERIFY = '/api/v1/changes/verify/';
/** AUDIT_CHAIN_KEY as playwright.config.ts gives the server (tests that write the history behind it seal with it). */
const E2E_CHAIN_KEY = 'e2e-audit-chain-key-only-for-tests-0123456789';
const OWN_EXPORT = '/api/v1/profile/data-export/';
const run = promisify(execFile);

interface Verification {
  ok: boolean;
  checked: number;
  firstBroken: { id: string | null; seq: number; reason: string } | null;
}

interface PersonalData {
  format: string;
  labels: { de: Record<string, string>; en: Record<string, string> };
  profile: { id: string; email: string; firstName: string; lastName: string; phone: string };
  rolesAndReach: { role: string; scopes: string[] };
  sessions: { userAgent: string; createdAt: string }[];
  tasks: unknown[];
  approvals: { kind: string; role: string }[];
  notifications: { template: string }[];
  inAppNotifications: { kind: string; title: string }[];
  notificationSettings: Record<string, string>;
  history: { id: string; role: string; hash: string; seq: number }[];
  factors: { kind: string; name: string | null; createdAt: string; lastUsedAt: string | null }[];
  signInAttempts: { email: string; ip: string; success: boolean; at: string }[];
  createdRecords: { entityType: string; entityId: string; label: string; action: string; at: string }[];
}

async function sessionsOf(api: Parameters<typeof openSession>[0]) {
  const [admin, backoffice, manager] = await Promise.all(
    (['admin', 'backoffice', 'manager'] as const).map((role) => openSession(api, role)),
  );
  return { admin: admin!, backoffice: backoffice!, manager: manager! };
}

async function personalData(session: Pick<ApiSession, 'get'>, url: string): Promise<PersonalData> {
  const response = await session.get(url);
  expect(response.status(), await response.text()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/json/);
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="personenbezogene-daten-/);
  return (await response.json()) as PersonalData;
}

test.describe('personal-data export (GDPR Art. 15/20)', () => {
  test('oneself and staff get one JSON document with profile, sessions, approvals, mail and history; no secrets', async ({
    api,
  }) => {
    const { admin, backoffice } = await sessionsOf(api);
    const person = await activeUser(api, admin, 'Export', { phone: '+49 30 1234567' });

    const own = await personalData(person.session, OWN_EXPORT);
    expect(own.format).toBe('ebmt-personal-data/1');
    expect(own.profile).toMatchObject({ id: person.user.id, email: person.email, phone: '+49 30 1234567' });
    expect(own.rolesAndReach).toMatchObject({ role: 'distributor', scopes: expect.arrayContaining(['accounts.read']) });
    expect(own.sessions.length).toBeGreaterThanOrEqual(1);
    expect(own.notifications.map((mail) => mail.template)).toContain('activation');
    // The invitation and the activation: the person as subject, with the chain's hash.
    expect(own.history.length).toBeGreaterThanOrEqual(2);
    expect(own.history.every((entry) => /^[0-9a-f]{64}$/.test(entry.hash))).toBe(true);
    expect(own.labels.de).toMatchObject({ email: 'E-Mail', sessions: 'Sitzungen' });
    expect(own.labels.en).toMatchObject({ email: 'E-mail', sessions: 'Sessions' });
    expect(Array.isArray(own.inAppNotifications)).toBe(true);
    expect(typeof own.notificationSettings).toBe('object');
    expect(own.labels.de).toMatchObject({ inAppNotifications: 'Benachrichtigungen in der Anwendung' });
    const text = JSON.stringify(own);
    expect(text).not.toMatch(/passwordHash|tokenHash|refresh_token|"token"/);
    expect(text).not.toContain(person.password);

    for (const staff of [admin, backoffice]) {
      const theirs = await personalData(staff, userPath(person.user.id, 'data-export'));
      expect(theirs.profile).toMatchObject({ id: person.user.id, email: person.email });
    }
  });

  test('adds factors, sign-in attempts and the records the person created; names others, never their e-mail address', async ({
    api,
  }) => {
    const { admin } = await sessionsOf(api);
    const person = { session: admin, email: demoUser('admin').email };
    // The administrator invites someone: the history's entry holds the other person's e-mail address.
    const other = await activeUser(api, admin, 'ExportOther');
    const data = await personalData(person.session, OWN_EXPORT);
    expect(data.signInAttempts.some((attempt) => attempt.email === person.email && attempt.success)).toBe(true);
    expect(Array.isArray(data.factors)).toBe(true);
    expect(data.createdRecords).toContainEqual(
      expect.objectContaining({ entityType: 'user', entityId: other.user.id, action: 'create' }),
    );
    expect(data.labels.en).toMatchObject({
      factors: 'Second factors (no secrets)',
      createdRecords: 'Records you created',
    });
    const text = JSON.stringify(data);
    expect(text).toContain(person.email);
    expect(text).not.toContain(other.email);
    // No address but the person's own one.
    const addresses = new Set(text.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []);
    expect([...addresses].filter((address) => address.toLowerCase() !== person.email.toLowerCase())).toEqual([]);
  });

  test('reach: a manager cannot export a foreign user (404), nor one they see (403); a distributor neither', async ({
    api,
  }) => {
    const { admin, manager } = await sessionsOf(api);
    const foreign = await activeUser(api, admin, 'Fremd');
    await expectApiError(await manager.get(userPath(foreign.user.id, 'data-export')), 404, 'not_found');
    // Someone the manager sees (a manager of the same account): visible, but no export for them.
    const me = await expectJson<{ user: { accountId: string } }>(await manager.get('/api/v1/auth/me/'), 200);
    const colleagues = await listUsers(manager, { accountId: me.user.accountId, perPage: 100 });
    const colleague = colleagues.items.find((item) => item.id !== manager.userId);
    if (colleague) {
      await expectApiError(await manager.get(userPath(colleague.id, 'data-export')), 403, 'forbidden');
    }
    await expectApiError(await foreign.session.get(userPath(admin.userId, 'data-export')), 404, 'not_found');
    await expectApiError(await api.get(OWN_EXPORT), 401, 'unauthorized');
  });
});

test.describe('erasure (GDPR Art. 17)', () => {
  test('four eyes: never one’s own, not the requester, then the old name and e-mail are nowhere', async ({ api }) => {
    const { admin, backoffice, manager } = await sessionsOf(api);
    const lastName = `Löschbar${Date.now().toString(36)}`;
    const person = await activeUser(api, admin, 'Erasure', {
      firstName: 'Erika',
      lastName,
      phone: '+49 89 7654321',
    });
    const oldEmail = person.email;

    // Nobody requests their own erasure; a manager none at all.
    await expectApiError(await admin.post(userPath(admin.userId, 'erasure'), { reason: '' }), 403, 'forbidden');
    await expectApiError(await manager.post(userPath(person.user.id, 'erasure'), { reason: '' }), 403, 'forbidden');

    const request = await expectJson<{ id: string; kind: string; status: string }>(
      await admin.post(userPath(person.user.id, 'erasure'), { reason: 'Art. 17: Antrag der Person' }),
      201,
    );
    expect(request).toMatchObject({ kind: 'user_erasure', status: 'pending' });
    // One pending request per person.
    await expectApiError(await backoffice.post(userPath(person.user.id, 'erasure'), { reason: '' }), 409, 'conflict');
    // The requester does not decide it (four eyes).
    await expectApiError(
      await admin.post(`/api/v1/approvals/${request.id}/approve/`, { comment: 'selbst' }),
      403,
      'four_eyes',
    );
    // Before approval nothing happened.
    expect(await getUser(admin, person.user.id)).toMatchObject({ email: oldEmail, erasedAt: null });
    // The back office was told by mail (the queue's notify job), naming the person.
    const backofficeEmail = demoUser('backoffice').email;
    await expect
      .poll(async () => JSON.stringify(await outboxFor(admin, backofficeEmail)).includes(lastName), { timeout: 30_000 })
      .toBe(true);

    const approved = await decide(backoffice, request.id, 'approve', 'Geprüft');
    expect(approved.status).toBe('approved');

    // The person's sessions ended.
    await expectApiError(await person.session.get('/api/v1/profile/'), 401, 'unauthorized');

    // The record stays, as the pseudonym.
    const erased = await getUser(admin, person.user.id);
    expect(erased).toMatchObject({ firstName: 'Gelöschte', status: 'deactivated', phone: '' });
    expect(`${erased.firstName} ${erased.lastName}`).toMatch(/^Gelöschte Person [0-9A-F]{4}$/);
    expect(erased.email).not.toBe(oldEmail);
    const pseudonym = `${erased.firstName} ${erased.lastName}`;
    expect((await getApproval(admin, request.id)).entityLabel).toBe(pseudonym);

    // Nowhere in API answers and CSV exports: lists, the history, the exports, the outbox.
    const answers = [
      JSON.stringify(erased),
      JSON.stringify(await listUsers(admin, { q: lastName })),
      JSON.stringify(await listUsers(admin, { q: oldEmail })),
      JSON.stringify(await listChanges(admin, { entityId: person.user.id, perPage: 100 })),
      JSON.stringify(await listChanges(admin, { actorId: person.user.id, perPage: 100 })),
      JSON.stringify(await outboxFor(admin, oldEmail)),
      // Others' mail that named the person names the pseudonym.
      JSON.stringify(await outboxFor(admin, backofficeEmail)),
      await (await admin.get(`${CHANGES_CSV}?entityId=${person.user.id}`)).text(),
      await (await admin.get(`${USERS_CSV}?q=${encodeURIComponent(lastName)}`)).text(),
      await (await admin.get(USERS_CSV)).text(),
      await (await admin.get(APPROVALS_CSV)).text(),
      await (await admin.get(`${CHANGES}?perPage=100`)).text(),
      JSON.stringify(await personalData(admin, userPath(person.user.id, 'data-export'))),
    ];
    for (const answer of answers) {
      expect(answer).not.toContain(oldEmail);
      expect(answer).not.toContain(lastName);
      expect(answer).not.toContain('7654321');
    }
    const history = await listChanges(admin, { entityId: person.user.id, perPage: 100 });
    expect(history.items.some((entry) => entry.entityLabel === pseudonym)).toBe(true);
    // The erasure itself is in the history, without the erased data.
    expect(history.items.find((entry) => entry.approvalId === request.id && entry.entityType === 'user')).toMatchObject(
      {
        action: 'delete',
        fields: [
          { field: 'status', before: 'active', after: 'deactivated' },
          { field: 'erasure', before: null, after: 'erased' },
        ],
      },
    );

    // Erasing again: already erased.
    await expectApiError(
      await admin.post(userPath(person.user.id, 'erasure'), { reason: '' }),
      422,
      'validation_failed',
    );

    // The chain holds after the erasure (no history row was changed).
    const verification = await expectJson<Verification>(await admin.get(VERIFY), 200);
    expect(verification).toMatchObject({ ok: true, firstBroken: null });

    // Every table (PostgreSQL, with the owner's rights to read all of it).
    const ownerUrl = process.env.E2E_DATABASE_OWNER_URL;
    if (ownerUrl) {
      const { default: postgres } = await import('postgres');
      const sql = postgres(ownerUrl, { max: 1, onnotice: () => {} });
      try {
        const tables = await sql<{ name: string }[]>`
          select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
          from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`;
        for (const { name } of tables) {
          const [hit] = await sql.unsafe<{ n: string }[]>(
            `select count(*)::text as n from ${name} t where t::text ilike '%' || $1 || '%' or t::text ilike '%' || $2 || '%'`,
            [oldEmail, lastName],
          );
          expect(hit!.n, `rows of ${name} naming the erased person`).toBe('0');
        }
      } finally {
        await sql.end({ timeout: 5 });
      }
    }

    // And they cannot sign in any more (checked last: the sign-in limit logs every attempt's address).
    const signIn = await api.post('/api/v1/auth/login/', { data: { email: oldEmail, password: person.password } });
    expect(signIn.status()).toBe(401);
  });

  test('nothing personal stays: mail to an earlier address, its sign-in attempts, the sessions’ address and browser', async ({
    api,
  }) => {
    const { admin, backoffice } = await sessionsOf(api);
    const person = await activeUser(api, admin, 'ErasurePrevious', { firstName: 'Vera', lastName: 'Vorher' });
    const earlier = person.email;
    const later = `vera.neu-${Date.now().toString(36)}@example.com`;
    const requested = await person.session.post('/api/v1/profile/email/', {
      email: later,
      currentPassword: person.password,
    });
    expect(requested.status(), await requested.text()).toBe(202);
    const [confirmation] = await outboxFor(admin, later);
    const token = /[?&]token=([A-Za-z0-9_%-]+)/.exec(confirmation!.text)?.[1];
    expect(token).toBeTruthy();
    const confirmed = await api.post('/api/v1/auth/confirm-email/', { data: { token: decodeURIComponent(token!) } });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
    // The notice to the earlier address names the person; a sign-in with it leaves an attempt.
    expect((await outboxFor(admin, earlier)).some((mail) => mail.template === 'email_changed')).toBe(true);
    await api.post('/api/v1/auth/login/', { data: { email: earlier, password: 'Falsch-Falsch-1' } });
    const before = await personalData(admin, userPath(person.user.id, 'data-export'));
    expect(before.signInAttempts.some((attempt) => attempt.email === earlier)).toBe(true);
    expect(before.sessions.some((session) => session.userAgent !== '')).toBe(true);

    const request = await expectJson<{ id: string }>(
      await admin.post(userPath(person.user.id, 'erasure'), { reason: 'Art. 17' }),
      201,
    );
    expect((await decide(backoffice, request.id, 'approve', 'Geprüft')).status).toBe('approved');

    expect(await outboxFor(admin, earlier)).toEqual([]);
    expect(await outboxFor(admin, later)).toEqual([]);
    const after = await personalData(admin, userPath(person.user.id, 'data-export'));
    expect(after.signInAttempts).toEqual([]);
    expect(after.sessions.length).toBeGreaterThanOrEqual(1);
    for (const session of after.sessions as unknown as { userAgent: string; ip: string }[]) {
      expect(session).toMatchObject({ userAgent: '', ip: '' });
    }
    const text = JSON.stringify(after);
    expect(text).not.toContain(earlier);
    expect(text).not.toContain('Vorher');
  });

  test('the person to be erased cannot approve their own erasure', async ({ api }) => {
    const { admin, backoffice } = await sessionsOf(api);
    // Requested for the demo back-office user, who may decide approvals; withdrawn at the end.
    const request = await expectJson<{ id: string }>(
      await admin.post(userPath(backoffice.userId, 'erasure'), { reason: 'Vier-Augen-Probe' }),
      201,
    );
    try {
      await expectApiError(
        await backoffice.post(`/api/v1/approvals/${request.id}/approve/`, { comment: 'ich selbst' }),
        403,
        'four_eyes',
      );
      expect((await getApproval(admin, request.id)).status).toBe('pending');
    } finally {
      await decide(admin, request.id, 'withdraw');
    }
    expect(await getUser(admin, backoffice.userId)).toMatchObject({ erasedAt: null, status: 'active' });
  });
});

test.describe('hash chain', () => {
  test.describe.configure({ mode: 'serial' });

  test('only administrators verify; the answer names the head', async ({ api }) => {
    const { admin, backoffice } = await sessionsOf(api);
    const result = await expectJson<Verification & { heads: { chain: number; seq: number; hash: string | null }[] }>(
      await admin.get(VERIFY),
      200,
    );
    expect(result.ok).toBe(true);
    // Keyed (AUDIT_CHAIN_KEY, issue 44): the demo data re-anchored at start, every MAC holds.
    expect(result).toMatchObject({ keyed: true, personalValues: { broken: null } });
    expect(result.heads).toHaveLength(16);
    expect(result.checked).toBe(result.heads.reduce((sum, head) => sum + head.seq, 0));
    expect(result.heads[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
    await expectApiError(await backoffice.get(VERIFY), 403, 'forbidden');
    const page = await listChanges(admin, { perPage: 5 });
    for (const entry of page.items as unknown as { hash: string; prevHash: string; seq: number }[]) {
      expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(entry.seq).toBeGreaterThan(0);
    }
    const csv = await (await admin.get(`${CHANGES_CSV}?entityType=user`)).text();
    expect(csv.split('\r\n')[0]).toContain('Hash');
  });

  test('a checkpoint on demand (administrators): signed heads, which the next check holds the chains against', async ({
    api,
  }) => {
    const { admin, backoffice } = await sessionsOf(api);
    await expectApiError(await backoffice.post('/api/v1/changes/checkpoint/'), 403, 'forbidden');
    const checkpoint = await expectJson<{
      kind: string;
      at: string;
      heads: { chain: number; seq: number }[];
      sig: string;
    }>(await admin.post('/api/v1/changes/checkpoint/'), 200);
    expect(checkpoint).toMatchObject({ kind: 'ebmt-audit-checkpoint', sig: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(checkpoint.heads).toHaveLength(16);
    // Read back from AUDIT_CHECKPOINT_FILE (playwright.config.ts): a later one may exist, none older.
    const result = await expectJson<Verification & { checkpointAt: string | null }>(await admin.get(VERIFY), 200);
    expect(result.ok).toBe(true);
    expect(result.checkpointAt! >= checkpoint.at).toBe(true);
  });

  // @alone: it holds several chains at once and checks which ones it got.
  test('parallel transactions link into chains of their own; rollbacks and savepoints leave no gap (PostgreSQL) @alone', async ({
    api,
  }) => {
    // As the server connects: on CI the application role, which may only insert into the history.
    const url = process.env.DATABASE_URL ?? process.env.E2E_DATABASE_OWNER_URL;
    test.skip(!url, 'runs when the suite runs on PostgreSQL (DATABASE_URL, see .ci/run)');
    const { admin } = await sessionsOf(api);
    const { default: postgres } = await import('postgres');
    const sql = postgres(url!, { max: 10, onnotice: () => {} });
    type Link = { chain: number; seq: number; hash: string };
    const tag = `chain ${Date.now().toString(36)}`; // this run's entries
    const insert = async (tx: ReservedSql | TransactionSql, ...labels: string[]): Promise<Link[]> =>
      (
        await tx<{ chain: number; seq: string; hash: string }[]>`
          insert into changes (entity_type, entity_id, entity_label, action)
          select 'account', gen_random_uuid(), ${tag} || ' ' || l, 'create' from unnest(${labels}::text[]) with ordinality u(l, o)
          order by o returning chain, seq::text as seq, encode(hash, 'hex') as hash`
      ).map((row) => ({ chain: row.chain, seq: Number(row.seq), hash: row.hash }));
    const [one, two, three] = await Promise.all([sql.reserve(), sql.reserve(), sql.reserve()]);
    try {
      // Three open transactions at once, each in a chain of its own.
      await Promise.all([one, two, three].map((tx) => tx`begin`));
      const [a1] = await insert(one, 'test a1');
      const [b1] = await insert(two, 'test b1');
      const [x1] = await insert(three, 'test x1');
      expect(new Set([a1!.chain, b1!.chain, x1!.chain]).size).toBe(3);
      // More entries in the open transactions; one savepoint rolled back.
      const a23 = await insert(one, 'test a2', 'test a3');
      await two`savepoint s`;
      await insert(two, 'test x2');
      await two`rollback to savepoint s`;
      const [b2] = await insert(two, 'test b2');
      // The third rolls back: its chain is free again and continues where it stood, without a gap.
      await three`rollback`;
      await three`begin`;
      const [c1] = await insert(three, 'test c1');
      expect(c1).toMatchObject({ chain: x1!.chain, seq: x1!.seq });
      await Promise.all([one, two, three].map((tx) => tx`commit`));
      expect([a1, ...a23].map((link) => [link!.chain, link!.seq])).toEqual(
        [0, 1, 2].map((by) => [a1!.chain, a1!.seq + by]),
      );
      expect(b2).toMatchObject({ chain: b1!.chain, seq: b1!.seq + 1 });
    } finally {
      for (const tx of [one, two, three]) {
        await tx`rollback`.catch(() => {}); // only if a step above failed with a transaction open
        tx.release();
      }
    }
    // Many writers at once, one to three entries each, every third rolled back.
    class RolledBack extends Error {}
    const labelsOf = (writer: number) =>
      Array.from({ length: 1 + (writer % 3) }, (_, index) => `burst ${writer}.${index}`);
    const write = (writer: number) =>
      sql
        .begin(async (tx) => {
          const links = await insert(tx, ...labelsOf(writer));
          if (writer % 3 === 2) throw new RolledBack();
          return links;
        })
        .catch((error: unknown) => {
          if (error instanceof RolledBack) return [];
          throw error;
        });
    try {
      const burst = await Promise.all(Array.from({ length: 24 }, (_, writer) => write(writer)));
      for (const links of burst) {
        expect(links.map((link) => [link.chain, link.seq])).toEqual(
          links.map((_, by) => [links[0]!.chain, links[0]!.seq + by]),
        );
      }
      const stored = await sql<{ label: string }[]>`
        select substr(entity_label, length(${tag}) + 2) as label from changes where entity_label like ${tag} || ' %'`;
      const kept = ['test a1', 'test a2', 'test a3', 'test b1', 'test b2', 'test c1'];
      for (let writer = 0; writer < 24; writer += 1) if (writer % 3 !== 2) kept.push(...labelsOf(writer));
      expect(stored.map((row) => row.label).sort()).toEqual(kept.sort());
      // Written with insert rights alone, behind the app: the plain chain holds, the keyed one finds
      // them (no MAC, issue 44). Sealed here as the app would have, under the e2e key, the chains hold.
      const unsealed = await expectJson<Verification>(await admin.get(VERIFY), 200);
      expect(unsealed).toMatchObject({ ok: false, firstBroken: { reason: 'mac' } });
      const entries = await sql<{ id: string; chain: number; seq: string; hash: string }[]>`
        select id::text as id, chain, seq::text as seq, encode(hash, 'hex') as hash from changes
        where entity_label like ${tag} || ' %'`;
      const keys = chainKeys(E2E_CHAIN_KEY);
      for (const entry of entries) {
        const mac = entryMac(keys, entry.chain, Number(entry.seq), entry.hash);
        await sql`insert into changes_mac (change_id, mac) values (${entry.id}::uuid, ${mac})`;
      }
    } finally {
      await sql.end({ timeout: 5 });
    }
    expect(await expectJson<Verification>(await admin.get(VERIFY), 200)).toMatchObject({ ok: true, firstBroken: null });
  });

  // @alone: while the row is changed every other test's verify would fail, so it runs in the fuzz
  // project, one test at a time, after the API tests (playwright.config.ts).
  test('a row changed with superuser rights is found by both verifiers (PostgreSQL) @alone', async ({ api }) => {
    const ownerUrl = process.env.E2E_DATABASE_OWNER_URL;
    test.skip(!ownerUrl, 'runs when the suite runs on PostgreSQL (E2E_DATABASE_OWNER_URL, see .ci/run)');
    const { admin } = await sessionsOf(api);
    const { default: postgres } = await import('postgres');
    const sql = postgres(ownerUrl!, { max: 1, onnotice: () => {} });
    const [target] = await sql<{ id: string; entity_label: string }[]>`
      select id, entity_label from changes where chain = 1 and seq = (select max(seq) / 2 from changes where chain = 1)`;
    const rewrite = (label: string) =>
      sql.begin(async (tx) => {
        await tx.unsafe('alter table changes disable trigger changes_no_update_delete');
        await tx`update changes set entity_label = ${label} where id = ${target!.id}`;
        await tx.unsafe('alter table changes enable always trigger changes_no_update_delete');
      });
    try {
      await rewrite('umgeschrieben');
      const broken = await expectJson<Verification>(await admin.get(VERIFY), 200);
      expect(broken).toMatchObject({ ok: false, firstBroken: { id: target!.id, reason: 'hash' } });
      // Offline, against the same database, with the application's own (non-owner) role.
      const offline = await run('npx', ['tsx', 'scripts/audit-verify.ts'], {
        cwd: path.resolve(__dirname, '../..'),
        env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL ?? ownerUrl },
      }).then(
        () => ({ code: 0, out: '' }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          out: `${error.stdout}${error.stderr}`,
        }),
      );
      expect(offline.code).toBe(1);
      expect(offline.out).toContain(target!.id);
    } finally {
      await rewrite(target!.entity_label);
      await sql.end({ timeout: 5 });
    }
    expect((await expectJson<Verification>(await admin.get(VERIFY), 200)).ok).toBe(true);
  });
});
