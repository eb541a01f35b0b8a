/**
 * The queue's cost, at the service level (no HTTP): p50/p95 of a task create and an approval
 * request, and (with the queue) the time from the change to its notifications being visible.
 * `npm run bench:queue` (DATA_DIR: a fresh folder; SEED_DEMO=false). The same file run in a checkout of
 * main measured the "before" (it skips what main lacks).
 */
import { randomUUID } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { getDb, closeDb } from '@/lib/server/db/client';
import * as schema from '@/lib/server/db/schema';
import { createTask } from '@/lib/server/services/tasks/create-task';
import { requestApproval } from '@/lib/server/services/approvals/request-approval';
import { scopesOf } from '@/lib/server/auth/permissions';

const N = Number(process.env.BENCH_N ?? 300);
const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) * p)]!;
const fmt = (values: number[]) => `p50 ${pct(values, 0.5).toFixed(2)} ms, p95 ${pct(values, 0.95).toFixed(2)} ms (n=${values.length})`;

async function main() {
  const db = await getDb();
  const hasQueue = 'notifications' in schema;
  if (hasQueue) {
    const { getBoss } = await import('@/lib/server/jobs/boss');
    await getBoss({ supervise: false });
  }
  const mk = async (role: 'admin' | 'backoffice', label: string) => {
    const [row] = await db
      .insert(schema.users)
      .values({ email: `${label}-${randomUUID().slice(0, 8)}@bench.example`, firstName: label, lastName: 'Bench', role, status: 'active' })
      .returning();
    return { ...row!, sessionId: 'bench', scopes: new Set(scopesOf(role)) } as never as Parameters<typeof createTask>[0];
  };
  const actor = await mk('admin', 'actor');
  const assignee = await mk('backoffice', 'assignee');
  const deciders = Number(process.env.BENCH_DECIDERS ?? 200);
  for (let i = 0; i < deciders - 1; i += 1) await mk('backoffice', `decider${i}`);

  const create = async () => {
    const t = performance.now();
    await createTask(actor, { title: `Bench ${randomUUID()}`, description: '', status: 'open', priority: 'normal', dueDate: null, assigneeId: assignee.id, accountId: null } as never);
    return performance.now() - t;
  };
  const request = async () => {
    const t = performance.now();
    await db.transaction((tx) =>
      requestApproval(tx, actor as never, {
        kind: 'benefit_change', entityType: 'account', entityId: randomUUID(), entityLabel: 'Bench GmbH', accountId: null,
        payload: { benefits: [] }, baseVersion: 1, reason: '',
      }),
    );
    return performance.now() - t;
  };
  for (let i = 0; i < 30; i += 1) { await create(); await request(); }
  const creates: number[] = [];
  const requests: number[] = [];
  // Interleaved, so drift of the machine hits both alike.
  for (let i = 0; i < N; i += 1) { creates.push(await create()); requests.push(await request()); }
  console.log(`[bench] ${hasQueue ? 'with queue' : 'before (main)'}: task create ${fmt(creates)}`);
  console.log(`[bench] ${hasQueue ? 'with queue' : 'before (main)'}: approval request ${fmt(requests)}`);

  if (hasQueue) {
    // What the queue adds to a change: the change's history entry alone, the entry followed by the
    // enqueue as a statement of its own (how changes enqueued before), and the entry whose own
    // statement enqueues the job (`recordChange`'s `job`, how they do now) — interleaved, each a
    // transaction of its own that pays the commit's WAL flush every change pays anyway.
    const { notifyJob, notifyLater } = await import('@/lib/server/services/notifications/fan-out');
    const { recordChange } = await import('@/lib/server/history/record-change');
    const entry = () => ({ actor, entityType: 'task' as const, entityId: randomUUID(), entityLabel: 'Bench', action: 'create' as const, fields: [{ field: 'title', before: null, after: 'Bench' }] });
    const event = () => ({ kind: 'taskAssigned' as const, taskId: randomUUID(), assigneeId: assignee.id, actorId: actor.id, version: 1 });
    const bare: number[] = [];
    const separate: number[] = [];
    const folded: number[] = [];
    const time = async (into: number[], work: Parameters<typeof db.transaction>[0]) => {
      const t = performance.now();
      await db.transaction(work);
      into.push(performance.now() - t);
    };
    for (let i = 0; i < N; i += 1) {
      await time(bare, async (tx) => { await recordChange(tx, entry()); });
      await time(separate, async (tx) => { await recordChange(tx, entry()); await notifyLater(tx, event()); });
      await time(folded, async (tx) => { await recordChange(tx, { ...entry(), job: notifyJob(event()) }); });
    }
    const adds = (values: number[]) => pct(values, 0.5) - pct(bare, 0.5);
    const share = (values: number[]) => ((100 * adds(values)) / pct(creates, 0.5)).toFixed(1);
    console.log(`[bench] a history entry: ${fmt(bare)}; with the job as a statement of its own: ${fmt(separate)}; with the job in the entry's statement: ${fmt(folded)}`);
    console.log(`[bench] the enqueue adds at p50: as a statement of its own ${adds(separate).toFixed(2)} ms = ${share(separate)} %, in the entry's statement ${adds(folded).toFixed(2)} ms = ${share(folded)} % of this run's task create p50`);
    const { startWorkers, stopWorkers } = await import('@/lib/server/jobs/workers');
    const notifications = (schema as unknown as { notifications: typeof schema.users & { userId: never; entityId: never } }).notifications as never as { entityId: never };
    void notifications;
    // The timing loop's fan-outs (hundreds × 200 deciders) are dropped, not run: the visibility
    // below is measured on an idle queue.
    await db.execute(sql`delete from pgboss.job where state = 'created'`);
    await startWorkers();
    const pendingJobs = async () => Number(((await db.execute(sql`select count(*)::int as n from pgboss.job where state in ('created','retry','active')`)) as unknown as { rows?: { n: number }[] }).rows?.[0]?.n ?? (await db.execute(sql`select count(*)::int as n from pgboss.job where state in ('created','retry','active')`) as unknown as { n: number }[])[0]?.n);
    while ((await pendingJobs()) > 0) await new Promise((r) => setTimeout(r, 200));
    const table = (schema as Record<string, unknown>).notifications as typeof schema.users;
    const visible = async (entityId: string, expected: number) => {
      const t = performance.now();
      for (;;) {
        const [row] = await db.select({ n: count() }).from(table).where(eq(sql`entity_id`, entityId));
        if (Number(row?.n) >= expected) return performance.now() - t;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const fanouts: number[] = [];
    const taskVisible: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const entityId = randomUUID();
      const t0 = performance.now();
      await db.transaction((tx) =>
        requestApproval(tx, actor as never, {
          kind: 'benefit_change', entityType: 'account', entityId, entityLabel: 'Bench GmbH', accountId: null, payload: { benefits: [] }, baseVersion: 1, reason: '',
        }),
      );
      const [approval] = await db.select().from(schema.approvals).where(eq(schema.approvals.entityId, entityId));
      const committed = performance.now() - t0;
      fanouts.push(committed + (await visible(approval!.id, deciders)));
      const t1 = performance.now();
      const task = await createTask(actor, { title: `Sichtbar ${randomUUID()}`, description: '', status: 'open', priority: 'normal', dueDate: null, assigneeId: assignee.id, accountId: null } as never);
      taskVisible.push(performance.now() - t1 + (await visible(task.id, 1)));
      while ((await pendingJobs()) > 0) await new Promise((r) => setTimeout(r, 100));
    }
    console.log(`[bench] approval request → visible to all ${deciders} deciders: ${fanouts.map((v) => v.toFixed(0)).join(', ')} ms`);
    console.log(`[bench] task create → visible to the assignee: ${taskVisible.map((v) => v.toFixed(0)).join(', ')} ms`);
    await stopWorkers(2000);
  }
  await closeDb();
}
main().catch((error) => { console.error(error); process.exit(1); });
