/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { openPgliteWithQueues } from '@/test-support/pgboss-pglite';
import * as schema from '@/lib/server/db/schema';
import type { Db } from '@/lib/server/db/types';
import { sendMail } from '@/lib/server/mail/send-mail';
import { loadMfaUser, recordMfaEvent } from '@/lib/server/services/mfa/verify-factor';
import { queueActivationMail } from './activation-mail';

/**
 * Login-related mails are queued in the transaction of the change that causes them (issue 25): the
 * invitation with its activation token, and any mail a service queues with `sendMail(mail, tx)`
 * (the e-mail change's link and notice, the reset link, the notice of a change to one's second
 * factors). A rolled-back change leaves no token, no
 * outbox row and no job; a committed one exactly one of each. PGlite in memory with pg-boss's schema.
 */
jest.setTimeout(180_000);

// tokens.ts also signs access tokens with jose (ES modules only); only opaque tokens are used here.
jest.mock('jose', () => ({ SignJWT: jest.fn(), jwtVerify: jest.fn() }));
jest.mock('@/lib/env', () => ({
  getEnv: () => ({ MAIL_RETRY_DELAY_SECONDS: 60, MAIL_RETRY_LIMIT: 12, OPERATOR_NAME: 'Test GmbH' }),
  appBaseUrl: () => 'https://benefits.test',
}));
// The factor checks' WebAuthn library is ES modules only; no assertion is verified here.
jest.mock('@/lib/server/services/mfa/webauthn', () => ({ verifyAssertion: jest.fn() }));
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

type PgBoss = InstanceType<typeof import('pg-boss')>;
let client: PGlite;
let db: Db;
let boss: PgBoss;
let user: typeof schema.users.$inferSelect;

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];

/** What the database holds for the user: tokens, outbox rows to them, and mail jobs for those rows. */
async function state() {
  const tokens = await db.select().from(schema.oneTimeTokens).where(eq(schema.oneTimeTokens.userId, user.id));
  const outbox = await db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.to, user.email));
  const jobs = rowsOf<{ outbox_id: string }>(
    await db.execute(sql`select data->>'outboxId' as outbox_id from pgboss.job where name = 'mail'`),
  );
  return { tokens, outbox, jobs: jobs.filter((job) => outbox.some((row) => row.id === job.outbox_id)), allJobs: jobs };
}

beforeAll(async () => {
  ({ client, db, boss } = await openPgliteWithQueues());
  const [row] = await db
    .insert(schema.users)
    .values({ email: 'eingeladen@example.com', firstName: 'Ina', lastName: 'Eingeladen', role: 'manager' })
    .returning();
  user = row!;
});

afterAll(async () => {
  await boss?.stop({ graceful: false, close: false, wait: true });
  await client?.close();
});

describe('login mails in the transaction', () => {
  it('an invitation rolled back leaves no token, no outbox row and no job', async () => {
    const jobsBefore = (await state()).allJobs.length;
    await expect(
      db.transaction(async (tx) => {
        await queueActivationMail(tx, user);
        throw new Error('the invitation failed after its mail was queued');
      }),
    ).rejects.toThrow('the invitation failed');
    const after = await state();
    expect(after.tokens).toEqual([]);
    expect(after.outbox).toEqual([]);
    expect(after.allJobs).toHaveLength(jobsBefore);
  });

  it('a committed invitation has its token, one outbox row with the link and one mail job for it', async () => {
    await db.transaction((tx) => queueActivationMail(tx, user));
    const after = await state();
    expect(after.tokens).toHaveLength(1);
    expect(after.outbox).toHaveLength(1);
    expect(after.outbox[0]).toMatchObject({ template: 'activation', sentAt: null, attempts: 0 });
    expect(after.outbox[0]!.text).toContain('https://benefits.test/aktivierung/?token=');
    expect(after.jobs).toEqual([{ outbox_id: after.outbox[0]!.id }]);
  });

  it('a mail queued with sendMail(mail, tx) goes with its transaction', async () => {
    const before = await state();
    const notice = { to: user.email, locale: 'de' as const, template: 'email_changed' as const, name: 'Ina' };
    await expect(
      db.transaction(async (tx) => {
        await sendMail(notice, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await state()).outbox).toHaveLength(before.outbox.length);
    expect((await state()).allJobs).toHaveLength(before.allJobs.length);
    await db.transaction((tx) => sendMail(notice, tx));
    const after = await state();
    expect(after.outbox).toHaveLength(before.outbox.length + 1);
    expect(after.jobs).toHaveLength(before.jobs.length + 1);
  });
});

describe('second-factor notices in the transaction', () => {
  it('a factor change rolled back leaves no history entry, no notice and no job; a committed one one of each', async () => {
    const mfaUser = await loadMfaUser(db, user.id);
    const disable = (tx: Parameters<typeof recordMfaEvent>[0]) =>
      recordMfaEvent(tx, mfaUser, mfaUser, 'mfa_disable', [{ field: 'totp', before: true, after: false }]);
    const notices = async () => (await state()).outbox.filter((row) => row.template === 'mfa_disabled');
    const history = () => db.select().from(schema.changes).where(eq(schema.changes.action, 'mfa_disable'));
    await expect(
      db.transaction(async (tx) => {
        await disable(tx);
        throw new Error('the factor change failed after its notice was queued');
      }),
    ).rejects.toThrow('the factor change failed');
    expect(await notices()).toEqual([]);
    expect(await history()).toEqual([]);

    await db.transaction((tx) => disable(tx));
    const [notice, ...more] = await notices();
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ sentAt: null, attempts: 0 });
    expect((await state()).jobs).toContainEqual({ outbox_id: notice!.id });
    expect(await history()).toHaveLength(1);
  });
});
