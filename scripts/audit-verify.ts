/**
 * `npm run audit:verify`: checks the history's hash chain offline, straight against the database —
 * `DATABASE_URL` (PostgreSQL), else the embedded database in `DATA_DIR` (stop the server first:
 * PGlite allows one process at a time). Recomputes every hash from the stored entries (no server,
 * no migration) with the code of `GET /changes/verify` — inside the database, set-based in batches,
 * with its built-in SHA-256 and jsonb output; with `--js` here in JavaScript instead, trusting no
 * function of the database (slower) — and prints the first broken link with its id. With
 * AUDIT_CHAIN_KEY set the check is keyed (every entry's and personal value's MAC, docs/security.md
 * "Keyed chain") and held against the newest signed checkpoint in AUDIT_CHECKPOINT_FILE; `--checkpoint`
 * then appends a new checkpoint when the chains hold (on demand). Exit code 0: the chain holds; 1: it
 * is broken; 2: the check could not run.
 */
import { verifyChain } from '../lib/server/history/chain';
import { readCheckpoint, takeCheckpoint } from '../lib/server/history/checkpoint';
import { chainKeys } from '../lib/server/history/keyed';
import { openAuditDatabase } from './audit-database';

async function main(): Promise<number> {
  const db = await openAuditDatabase();
  try {
    const started = performance.now();
    const recompute = process.argv.includes('--js') ? 'javascript' : 'database';
    const key = process.env.AUDIT_CHAIN_KEY;
    const keys = key
      ? chainKeys(key, process.env.AUDIT_CHAIN_KEY_PREVIOUS ? [process.env.AUDIT_CHAIN_KEY_PREVIOUS] : [])
      : undefined;
    const file = process.env.AUDIT_CHECKPOINT_FILE || undefined;
    if (!keys) console.warn('[audit] AUDIT_CHAIN_KEY is not set: the check is not keyed (forged entries do not show)');
    const read = keys ? await readCheckpoint(keys, file) : { checkpoint: null, forged: 0 };
    if (read.forged > 0) console.error(`[audit] ${read.forged} checkpoint line(s) in ${file} have no valid signature`);
    if (keys && file && !read.checkpoint) console.warn(`[audit] no signed checkpoint in ${file}`);
    const result = await verifyChain(db.query, { recompute, batchMs: 500, keys, checkpoint: read.checkpoint });
    if (result.ok && read.forged > 0) result.ok = false;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (result.ok) {
      console.log(
        `[audit] ${db.where}: the chains hold — ${result.checked} entries (${seconds} s, recomputed ${recompute === 'javascript' ? 'in JavaScript' : 'in the database'}); heads: ${result.heads
          .filter((head) => head.seq > 0)
          .map((head) => `${head.chain}#${head.seq} ${head.hash ?? ''}`)
          .join(', ')}${keys ? `; keyed, ${result.personalValues?.checked ?? 0} personal values` : ''}${
          read.checkpoint ? `; against the checkpoint of ${read.checkpoint.at}` : ''
        }`,
      );
      if (keys && process.argv.includes('--checkpoint')) await takeCheckpoint(db.query, keys, file);
      return 0;
    }
    const broken = result.firstBroken;
    console.error(
      `[audit] ${db.where}: BROKEN in chain ${broken?.chain} at #${broken?.seq} ${broken?.id ?? '(chain head)'} (${broken?.reason}) (${seconds} s)`,
    );
    console.log(JSON.stringify(result));
    return 1;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[audit] the check could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
