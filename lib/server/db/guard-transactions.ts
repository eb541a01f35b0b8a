import { CONNECTION_LOST_RETRIES, classifyDatabaseError } from './database-errors';

/** postgres.js's `begin` as the guard sees it: options (if any), then the transaction's body. */
export type Begin = (...args: unknown[]) => Promise<unknown>;

/**
 * Wraps postgres.js's `begin` for two ways a connection breaks:
 *
 * - **Before the body ran** (BEGIN met a pooled connection that died with a restarted server, or
 *   connecting timed out just after the restart): nothing of the transaction reached the database,
 *   so it begins again (as `againIfConnectionLost` retries), on the next connection. Reads are repeated the same way in the route
 *   (`againIfConnectionLost`); a write can be repeated only here, where it is known that none of
 *   it ran.
 * - **Inside the body**: postgres.js answers by sending ROLLBACK on the closed socket, which throws
 *   outside any promise (`TypeError: Cannot read properties of null (reading 'write')`, an uncaught
 *   exception). The server has rolled the transaction back already and begin() rejects when the
 *   socket closes, so the body stays pending instead of rejecting; only if begin() has not settled
 *   5 s later (the socket is still open after all) does it reject, and ROLLBACK runs as usual.
 */
export function guardBegin(begin: Begin): Begin {
  const attempt = (args: unknown[], body: (sql: unknown) => Promise<unknown>, retry: number): Promise<unknown> => {
    let isSettled = false;
    let hasEntered = false;
    const transaction = begin(...args, async (sql: unknown) => {
      hasEntered = true;
      try {
        return await body(sql);
      } catch (error) {
        if (!classifyDatabaseError(error)?.connectionLost) throw error;
        return new Promise((_, reject) => {
          setTimeout(() => isSettled || reject(error), 5_000).unref();
        });
      }
    });
    return transaction
      .catch((error: unknown) => {
        const failure = classifyDatabaseError(error);
        const mayRetry = failure?.connectionLost
          ? retry < CONNECTION_LOST_RETRIES
          : Boolean(failure?.connectTimedOut) && retry === 0;
        if (hasEntered || !mayRetry) throw error;
        return attempt(args, body, retry + 1);
      })
      .finally(() => {
        isSettled = true;
      });
  };
  return (...args: unknown[]) => {
    const options = args.slice(0, -1);
    const body = args.at(-1) as (sql: unknown) => Promise<unknown>;
    return attempt(options, body, 0);
  };
}
