import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signIn, startAppServer } from './support/app-server';

/**
 * PGlite is Postgres for one process (lib/server/db/data-dir-lock.ts): a second server on the same
 * DATA_DIR would write the same files unseen by the first. It ends at start with one line that says
 * why; the first keeps serving; once the first has stopped, the folder opens again.
 */
test('a second server on the same embedded database ends at start; the first keeps serving', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-lock-'));
  try {
    const first = await startAppServer({ dataDir });
    try {
      const refusal = await startAppServer({ dataDir }).then(
        () => null,
        (error: unknown) => String(error),
      );
      expect(refusal, 'the second server started').not.toBeNull();
      expect(refusal).toContain('the server exited before it was ready');
      expect(refusal).toContain('is open in another process');
      expect(refusal).toContain(path.join(dataDir, 'pglite'));

      // The first answers as before: ready, a sign-in, a read.
      expect((await fetch(`${first.url}/api/v1/health/ready/`)).status).toBe(200);
      const token = await signIn(first.url);
      const accounts = await fetch(`${first.url}/api/v1/accounts/`, { headers: { authorization: `Bearer ${token}` } });
      expect(accounts.status).toBe(200);
    } finally {
      await first.stop();
    }

    // Stopped, it has let the folder go: the next server opens it, with the first one's data.
    const next = await startAppServer({ dataDir });
    try {
      await signIn(next.url);
    } finally {
      await next.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
