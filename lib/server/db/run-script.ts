/** The part of postgres.js's reserved connection a script needs. */
export interface ReservedConnection {
  unsafe(text: string): { simple(): Promise<unknown> } & PromiseLike<unknown>;
  release(): void;
}

/**
 * Runs a text of several statements (pg-boss's set-up is one BEGIN … COMMIT) on a connection of its
 * own. If a statement fails, PostgreSQL skips the rest of the text — the COMMIT too — and leaves the
 * connection inside an aborted transaction; released like that, the pool would hand it to the next
 * query, which fails with 25P02 ("current transaction is aborted"): a sign-in answered 500 after
 * two instances started at once. So a failed script is rolled back before the connection goes back.
 */
export async function runScript(reserve: () => Promise<ReservedConnection>, text: string): Promise<unknown> {
  const reserved = await reserve();
  try {
    return await reserved.unsafe(text).simple();
  } catch (error) {
    // Only a statement the server refused leaves the connection inside an aborted transaction. A
    // broken connection (the server stopped, a timeout) took its transaction with it, and a ROLLBACK
    // sent there would make postgres.js connect again and wait, holding the connection out of the
    // pool while the server is down: writes then found none free (503 after a restart). Outside a
    // transaction ROLLBACK only warns.
    if (refusedByServer(error)) await Promise.resolve(reserved.unsafe('rollback')).catch(() => undefined);
    throw error;
  } finally {
    reserved.release();
  }
}

/** postgres.js's PostgresError: the server answered with an error (it carries its severity). */
function refusedByServer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'severity' in error;
}
