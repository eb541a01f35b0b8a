import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { startSmtp, type LoopbackSmtp } from '../fixtures/smtp';
import { freePort, signIn, startAppServer, type AppServer } from './support/app-server';
import { PostgresCluster } from './support/postgres-cluster';

/**
 * Two production servers (scripts/server.mjs) on one PostgreSQL database, each with its job
 * workers, sending to one real SMTP server on loopback (issue 25, part 8): changes made through
 * both at once notify each recipient once and send each mail once, and the daily digest, run by
 * both instances, sends one mail per user and day.
 */

test.describe.configure({ mode: 'serial' });

let cluster: PostgresCluster;

test.beforeAll(async () => {
  cluster = await PostgresCluster.create(await freePort());
});

test.afterAll(async () => {
  await cluster?.destroy();
});

interface Person {
  id: string;
  email: string;
}

/** A DIGEST_TIME twelve hours away, so the schedule cannot fire during the test. */
function farDigestTime(): string {
  return `${String((new Date().getUTCHours() + 12) % 24).padStart(2, '0')}:00`;
}

async function post(server: AppServer, token: string, path: string, body: unknown): Promise<{ id: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `POST ${path} on ${server.url}: ${text}`).toBe(201);
  return JSON.parse(text) as { id: string };
}

test('two instances on one PostgreSQL: each notification and each mail once, one digest per user and day', async () => {
  test.setTimeout(150_000);
  const database = `ops_${randomUUID().slice(0, 8)}`;
  await cluster.sql(`create database ${database}`);
  const sql = <T extends Record<string, unknown>>(text: string) => cluster.sql<T>(text, database);
  const smtpPort = await freePort();
  const smtp: LoopbackSmtp = await startSmtp(smtpPort);
  const env = { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, DIGEST_TIME: farDigestTime() };
  const servers: AppServer[] = [];
  try {
    // Both at once on the empty database, as an orchestrator starts replicas: one migrates while the
    // other waits for the migration lock, and the administrator is created once.
    const started = await Promise.allSettled([
      startAppServer({ databaseUrl: cluster.url(database), env }),
      startAppServer({ databaseUrl: cluster.url(database), env }),
    ]);
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    const [a, b] = servers as [AppServer, AppServer];

    // Recipients straight in the database (they need no sign-in): three back-office deciders, one
    // of whom takes everything in the digest, and a distributor who takes it all at once.
    const person = async (label: string, role: string): Promise<Person> => {
      const email = `${label}-${randomUUID().slice(0, 8)}@ops.example`;
      const [row] = await sql<{ id: string }>(
        `insert into users (email, first_name, last_name, role, status) values ('${email}', '${label}', 'Ops', '${role}', 'active') returning id`,
      );
      return { id: row!.id, email };
    };
    const deciders = [
      await person('decider1', 'backoffice'),
      await person('decider2', 'backoffice'),
      await person('digest', 'backoffice'),
    ];
    const digestUser = deciders[2]!;
    const partner = await person('partner', 'distributor');
    await sql(
      `insert into notification_settings (user_id, settings) values ('${digestUser.id}', '{"taskAssigned":"digest","approvalRequested":"digest"}')`,
    );

    // Changes through both instances at once: three tasks each (to the partner, to the digest
    // user, to a decider) and an account's activation request each (to all three deciders).
    const [tokenA, tokenB] = await Promise.all([signIn(a.url), signIn(b.url)]);
    const changes = async (server: AppServer, token: string) => {
      const assignees = [partner, digestUser, deciders[0]!];
      const tasks = await Promise.all(
        assignees.map((assignee, index) =>
          post(server, token, '/api/v1/tasks/', {
            title: `Zwei Instanzen ${index} ${randomUUID().slice(0, 8)}`,
            assigneeId: assignee.id,
          }).then((task) => ({ id: task.id, assignee })),
        ),
      );
      const account = await post(server, token, '/api/v1/accounts/', {
        name: `Zwei Instanzen ${randomUUID().slice(0, 8)}`,
        legalForm: 'GmbH',
        zip: '10115',
        city: 'Berlin',
        street: 'Queueweg 1',
      });
      const approval = await post(server, token, `/api/v1/accounts/${account.id}/activation/`, {
        reason: 'Vertrag liegt vor.',
      });
      return { tasks, approvalId: approval.id };
    };
    const made = await Promise.all([changes(a, tokenA), changes(b, tokenB)]);
    const tasks = made.flatMap((m) => m.tasks);
    const approvalIds = made.map((m) => m.approvalId);

    // What should come of it: one notification per task for its assignee, one per request for each
    // decider; a mail at once for each that is not set to the digest.
    const expected = [
      ...tasks.map((task) => ({ userId: task.assignee.id, entityId: task.id, email: task.assignee.email })),
      ...approvalIds.flatMap((entityId) =>
        deciders.map((decider) => ({ userId: decider.id, entityId, email: decider.email })),
      ),
    ];
    const immediate = expected.filter((item) => item.userId !== digestUser.id);
    const idle = async () => {
      const [row] = await sql<{ jobs: number; unsent: number }>(
        `select (select count(*)::int from pgboss.job where name in ('notify', 'mail', 'digest') and state in ('created', 'retry', 'active')) as jobs,
                (select count(*)::int from mail_outbox where sent_at is null) as unsent`,
      );
      return row!.jobs === 0 && row!.unsent === 0;
    };
    const settle = async (mails: number) =>
      expect
        .poll(async () => (await idle()) && smtp.received.length >= mails, {
          timeout: 30_000,
          intervals: [250, 500],
        })
        .toBe(true);
    await settle(immediate.length);

    const rows = await sql<{ user_id: string; entity_id: string; delivery: string }>(
      `select user_id, entity_id, delivery from notifications`,
    );
    const key = (item: { userId: string; entityId: string }) => `${item.userId} ${item.entityId}`;
    expect(rows.map((row) => key({ userId: row.user_id, entityId: row.entity_id })).sort()).toEqual(
      expected.map(key).sort(),
    );
    const outbox = await sql<{ id: string; to: string; attempts: number }>(
      `select id, "to", attempts from mail_outbox`,
    );
    expect(outbox.map((row) => row.to).sort()).toEqual(immediate.map((item) => item.email).sort());
    // Each outbox row reached the SMTP server once (its Message-ID once), at the first attempt.
    const messageIds = smtp.received.map((mail) => mail.messageId);
    expect(new Set(messageIds).size).toBe(messageIds.length);
    expect(messageIds.sort()).toEqual(outbox.map((row) => `<outbox.${row.id}@127.0.0.1>`).sort());
    expect(outbox.every((row) => row.attempts === 1)).toBe(true);
    const receivedBefore = smtp.received.length;

    // The digest, as if both instances' schedules had fired: four digest jobs at once, taken by
    // the workers of both (each fetches one at a time).
    await sql(`insert into pgboss.job (name, data) select 'digest', '{}'::jsonb from generate_series(1, 4)`);
    await expect
      .poll(
        async () =>
          (
            await sql<{ n: number }>(
              `select count(*)::int as n from pgboss.job where name = 'digest' and state = 'completed'`,
            )
          )[0]!.n,
        { timeout: 30_000, intervals: [250, 500] },
      )
      .toBe(4);
    await settle(receivedBefore + 1);
    // Anything more would come within a poll or two.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const digests = smtp.received.slice(receivedBefore);
    expect(digests.map((mail) => mail.to)).toEqual([[digestUser.email]]);
    // It holds all four of the user's notifications (two tasks, two requests), each marked digested.
    const digested = await sql<{ n: number }>(
      `select count(*)::int as n from notifications where user_id = '${digestUser.id}' and digested_at is not null`,
    );
    expect(digested[0]!.n).toBe(expected.filter((item) => item.userId === digestUser.id).length);
    expect(digested[0]!.n).toBe(4);
    expect(await sql(`select user_id from digest_runs`)).toEqual([{ user_id: digestUser.id }]);
    const ran = servers.map((server) => (server.log().match(/\[jobs\] digest: /g) ?? []).length);
    console.log(
      `${expected.length} notifications, ${immediate.length} mails at once, 1 digest; digest jobs run per instance: ${ran.join(', ')}`,
    );
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(4);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await smtp.stop();
  }
});
