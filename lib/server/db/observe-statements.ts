import 'server-only';
import { metrics } from '@/lib/server/observability';
import { finishSqlSpan, startSqlSpan } from '@/lib/server/observability/tracing';

/** The bounded label of a statement: its verb, never its text. */
export type StatementKind = 'select' | 'insert' | 'update' | 'delete' | 'other';

const VERBS = new Set<StatementKind>(['select', 'insert', 'update', 'delete']);

/**
 * What a statement does, from its first word (a `WITH …` from the verb after its last
 * common-table expression); anything else (BEGIN, SET, DDL, several statements) is `other`.
 */
export function statementKind(text: string): StatementKind {
  const first = /^[\s(]*([a-z]+)/i.exec(text)?.[1]?.toLowerCase();
  if (first === 'with') {
    const verbs = [...text.matchAll(/\)\s*(select|insert|update|delete)\b/gi)];
    const last = verbs.at(-1)?.[1]?.toLowerCase();
    return last && VERBS.has(last as StatementKind) ? (last as StatementKind) : 'other';
  }
  return first && VERBS.has(first as StatementKind) ? (first as StatementKind) : 'other';
}

/**
 * Starts observing one statement as it is sent: its duration in `db_statement_duration_seconds`
 * and, when tracing is on, a span with its text. Call the answer once it settled.
 */
export function observeStatement(text: string, db: 'pglite' | 'postgres'): (error?: unknown) => void {
  const started = process.hrtime.bigint();
  const kind = statementKind(text);
  const span = startSqlSpan(text, kind, db);
  return (error?: unknown) => {
    metrics().dbStatementDuration.observe({ kind, db }, Number(process.hrtime.bigint() - started) / 1e9);
    finishSqlSpan(span, error);
  };
}

/** Runs one statement observed. */
export async function observed<T>(text: string, db: 'pglite' | 'postgres', run: () => Promise<T>): Promise<T> {
  const done = observeStatement(text, db);
  try {
    const result = await run();
    done();
    return result;
  } catch (error) {
    done(error);
    throw error;
  }
}

type PostgresSql = import('postgres').Sql;
interface PendingQuery {
  handler: ((query: PendingQuery) => unknown) & { debug?: unknown };
}

/**
 * postgres.js: every query of this `sql` — and of the transactions, savepoints and reserved
 * connections it opens — observed from the moment it is handed to a connection until it settles.
 * A query is a lazy promise that runs when first awaited; its handler is wrapped, so observing it
 * neither runs it early nor changes what it answers.
 */
export function observePostgres(sql: PostgresSql): void {
  const target = sql as unknown as Record<string, unknown>;
  const unsafe = target.unsafe as (...args: unknown[]) => PendingQuery;
  target.unsafe = (...args: unknown[]) => {
    const query = unsafe(...args);
    const text = typeof args[0] === 'string' ? args[0] : '';
    const handler = query.handler;
    const wrapped = Object.assign(
      (pending: PendingQuery) => {
        const done = observeStatement(text, 'postgres');
        // The base `then`: the query's own would run it a second time.
        Promise.prototype.then.call(
          pending,
          () => done(),
          (error: unknown) => done(error),
        );
        return handler(pending);
      },
      { debug: handler.debug },
    );
    query.handler = wrapped;
    return query;
  };
  for (const name of ['begin', 'savepoint'] as const) {
    const open = target[name] as ((...args: unknown[]) => Promise<unknown>) | undefined;
    if (typeof open !== 'function') continue;
    target[name] = (...args: unknown[]) => {
      const body = args.pop() as (scoped: PostgresSql) => unknown;
      return open(...args, (scoped: PostgresSql) => {
        observePostgres(scoped);
        return body(scoped);
      });
    };
  }
  const reserve = target.reserve as (() => Promise<PostgresSql>) | undefined;
  if (typeof reserve === 'function') {
    target.reserve = async () => {
      const reserved = await reserve();
      observePostgres(reserved);
      return reserved;
    };
  }
}
