/**
 * `npm run audit:reseal`: after a rotation of AUDIT_CHAIN_KEY, re-seals the whole history under the new
 * key (lib/server/history/reseal.ts; docs/operations.md "Rotating the audit key"). The new key is
 * AUDIT_CHAIN_KEY, the old one AUDIT_CHAIN_KEY_OLD, else the file named by `--old-key-file <path>`, else
 * AUDIT_CHAIN_KEY_PREVIOUS. It first verifies every chain, every MAC and the last checkpoint in
 * AUDIT_CHECKPOINT_FILE under the old key (MACs already under the new one pass too); only then, in one
 * transaction and in bounded batches, it recomputes every MAC under the new key. Then it moves the
 * checkpoint file aside (`<file>.before-reseal-<time>`: its lines are signed with the old key) and writes
 * a fresh checkpoint signed with the new key. Afterwards unset AUDIT_CHAIN_KEY_PREVIOUS.
 * Exit code 0: re-sealed; 1: refused (the history does not verify under the old key); 2: could not run.
 */
import { readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import { setImmediate } from 'node:timers/promises';
import { readCheckpoint, takeCheckpoint } from '../lib/server/history/checkpoint';
import { chainKeys } from '../lib/server/history/keyed';
import { resealChain } from '../lib/server/history/reseal';
import { openAuditDatabase } from './audit-database';

function oldKey(): string | undefined {
  if (process.env.AUDIT_CHAIN_KEY_OLD) return process.env.AUDIT_CHAIN_KEY_OLD;
  const flag = process.argv.indexOf('--old-key-file');
  if (flag >= 0) {
    const file = process.argv[flag + 1];
    if (!file) throw new Error('--old-key-file needs a path');
    return readFileSync(file, 'utf8').trim();
  }
  return process.env.AUDIT_CHAIN_KEY_PREVIOUS || undefined;
}

async function main(): Promise<number> {
  const current = process.env.AUDIT_CHAIN_KEY;
  const previous = oldKey();
  if (!current || current.length < 32)
    throw new Error('AUDIT_CHAIN_KEY (the new key, at least 32 characters) is not set');
  if (!previous)
    throw new Error('the old key is not given (AUDIT_CHAIN_KEY_OLD, --old-key-file or AUDIT_CHAIN_KEY_PREVIOUS)');
  const keys = chainKeys(current, [previous]);
  const file = process.env.AUDIT_CHECKPOINT_FILE || undefined;
  const db = await openAuditDatabase();
  try {
    const read = await readCheckpoint(keys, file);
    if (read.forged > 0) {
      console.error(`[audit] REFUSED: ${read.forged} checkpoint line(s) in ${file} are signed with neither key`);
      return 1;
    }
    const started = performance.now();
    const result = await db.transaction((query) =>
      resealChain(query, keys.previous[0]!, keys.current, { checkpoint: read.checkpoint, pause: () => setImmediate() }),
    );
    if (!result.ok) {
      console.error(`[audit] REFUSED: ${result.reason}; nothing was re-sealed`);
      return 1;
    }
    if (file) {
      const aside = `${file}.before-reseal-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(file, aside).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      console.log(`[audit] the checkpoints signed with the old key were moved to ${aside}`);
    }
    const checkpoint = await takeCheckpoint(db.query, chainKeys(current), file);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `[audit] ${db.where}: re-sealed under the new key — ${result.entries} entries, ${result.values} personal values${
        result.anchor ? ', the anchor' : ''
      } (${seconds} s); fresh checkpoint at ${checkpoint.at}. Now unset AUDIT_CHAIN_KEY_PREVIOUS and restart.`,
    );
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('[audit] the re-sealing could not run:', error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
