import { appendFile, readFile } from 'node:fs/promises';
import { CHAIN_HEADS_SQL, type ChainQuery } from './chain';
import { type ChainKeys, type Checkpoint, latestCheckpoint, signCheckpoint } from './keyed';

const ANCHORED_AT_SQL = `select to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at from changes_anchor where id = 1`;

/**
 * Checkpoints every chain's head outside the database (issue 44): one signed JSON line, printed to
 * the log (`[audit-checkpoint] {…}`) and appended to `file` (AUDIT_CHECKPOINT_FILE) if given.
 * `npm run audit:verify` and `GET /changes/verify` hold the chains against the newest one, so entries
 * deleted at the end, or a whole chain with its head, show. Runs hourly on the job queue.
 */
export async function takeCheckpoint(
  run: ChainQuery,
  keys: ChainKeys,
  file?: string,
  now = new Date(),
): Promise<Checkpoint> {
  const heads = (await run(CHAIN_HEADS_SQL, [])).map((head) => ({
    chain: Number(head.chain),
    seq: Number(head.seq),
    hash: String(head.hash),
  }));
  const [anchor] = await run(ANCHORED_AT_SQL, []);
  const checkpoint = signCheckpoint(keys, {
    at: now.toISOString(),
    anchoredAt: anchor ? String(anchor.at) : null,
    heads,
  });
  const line = JSON.stringify(checkpoint);
  console.log(`[audit-checkpoint] ${line}`);
  if (file) await appendFile(file, `${line}\n`, 'utf8');
  return checkpoint;
}

/** The newest validly signed checkpoint in the file (null: no file, or none in it). */
export async function readCheckpoint(
  keys: ChainKeys,
  file: string | undefined,
): Promise<{ checkpoint: Checkpoint | null; forged: number }> {
  if (!file) return { checkpoint: null, forged: 0 };
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { checkpoint: null, forged: 0 };
    throw error;
  }
  return latestCheckpoint(keys, text);
}
