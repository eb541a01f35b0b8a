/**
 * @jest-environment node
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import type { Db } from '@/lib/server/db/types';
import { anchorChain } from './anchor';
import { verifyChain, type ChainQuery } from './chain';
import { takeCheckpoint } from './checkpoint';
import { chainKeys, DEVELOPMENT_CHAIN_KEY, entryMac, latestCheckpoint } from './keyed';
import { recordChange } from './record-change';
import { resealChain } from './reseal';

/** `npm run audit:reseal` (issue 44): the history re-sealed under a new AUDIT_CHAIN_KEY, only if the old one verifies. */
jest.setTimeout(180_000);

beforeAll(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

// The app under test writes with the development key (AUDIT_CHAIN_KEY unset): that is the old key here.
const OLD = DEVELOPMENT_CHAIN_KEY;
const NEW = 'the-new-audit-chain-key-after-rotation-0123456789';
const oldOnly = chainKeys(OLD);
const newOnly = chainKeys(NEW);

async function seed(client: PGlite, db: Db) {
  // One entry from before the key (the anchor seals it), then entries with their MACs and personal values.
  await client.query(
    `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), 'Alt', 'create')`,
  );
  await anchorChain(db);
  const actor = {
    id: '11111111-1111-4111-8111-111111111111',
    firstName: 'Vera',
    lastName: 'Muster',
    email: 'v@example.com',
  };
  await client.query(
    `insert into users (id, email, first_name, last_name, role) values ('${actor.id}', 'v@example.com', 'Vera', 'Muster', 'admin')`,
  );
  for (let index = 1; index <= 5; index += 1) {
    await db.transaction((tx) =>
      recordChange(tx, {
        actor,
        entityType: 'user',
        entityId: actor.id,
        entityLabel: 'Vera Muster',
        action: 'update',
        fields: [{ field: 'phone', before: `0421 ${index - 1}`, after: `0421 ${index}` }],
      }),
    );
  }
}

describe('resealChain', () => {
  let client: PGlite;
  let db: Db;
  const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
  const macs = async () =>
    (await client.query<{ mac: string }>(`select encode(mac, 'hex') as mac from changes_mac order by change_id`)).rows;

  beforeAll(async () => {
    ({ client, db } = await openMigratedPglite());
    await seed(client, db);
    // One entry written since the rotation, by an instance that already has the new key.
    const [row] = (
      await client.query<{ id: string; chain: number; seq: string; hash: string }>(
        `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), 'Neu', 'create')
         returning id::text, chain, seq::text, encode(hash, 'hex') as hash`,
      )
    ).rows;
    await client.query(`insert into changes_mac (change_id, mac) values ($1, decode($2, 'hex'))`, [
      row!.id,
      entryMac(newOnly, row!.chain, Number(row!.seq), row!.hash).toString('hex'),
    ]);
  });

  afterAll(async () => {
    await client?.close();
  });

  it('refuses under a wrong old key and changes nothing', async () => {
    const before = await macs();
    const result = await resealChain(run, Buffer.from('not-the-old-key-at-all-0123456789abcdef'), Buffer.from(NEW), {
      batch: 2,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/does not verify under the old key.*\(mac\)/);
    expect(await macs()).toEqual(before);
  });

  it('refuses a history that was tampered with (a rewritten entry with recomputed hashes)', async () => {
    await client.transaction(async (tx) => {
      await tx.exec(`ALTER TABLE changes DISABLE TRIGGER USER;
        UPDATE changes SET entity_label = 'Gefälscht' WHERE chain = 1 AND seq = 1;
        DO $$ DECLARE r record; prev bytea := decode(repeat('00', 32), 'hex'); BEGIN
          FOR r IN SELECT id FROM changes WHERE chain = 1 ORDER BY seq LOOP
            UPDATE changes c SET prev_hash = prev, hash = sha256(prev || convert_to(changes_canonical(c.chain, c.seq, c.id, c.at,
              c.actor_id, c.actor_label, c.entity_type, c.entity_id, c.entity_label, c.account_id, c.action, c.fields,
              c.approval_id), 'UTF8')) WHERE c.id = r.id RETURNING c.hash INTO prev;
          END LOOP;
          UPDATE changes_chain_head SET hash = prev WHERE id = 1;
        END $$;`);
      const inTx: ChainQuery = async (text, params) => (await tx.query<Record<string, unknown>>(text, params)).rows;
      expect((await verifyChain(inTx)).ok).toBe(true); // the plain chain cannot tell
      const result = await resealChain(inTx, Buffer.from(OLD), Buffer.from(NEW), { batch: 2 });
      expect(result).toMatchObject({ ok: false, verify: { firstBroken: { chain: 1, seq: 1, reason: 'mac' } } });
      await tx.rollback();
    });
  });

  it('re-seals every MAC under the new key in batches; the old key alone no longer verifies', async () => {
    const checkpoint = await takeCheckpoint(run, oldOnly);
    expect((await verifyChain(run, { keys: chainKeys(NEW, [OLD]), checkpoint })).ok).toBe(true);
    expect((await verifyChain(run, { keys: newOnly })).ok).toBe(false);
    const result = await resealChain(run, Buffer.from(OLD), Buffer.from(NEW), { batch: 2, checkpoint });
    // 7 entries; personal values: 5 actor labels and 10 phone numbers (before and after of each entry).
    expect(result).toEqual({ ok: true, entries: 7, values: 15, anchor: true });
    const fresh = await takeCheckpoint(run, newOnly);
    const keyed = await verifyChain(run, { keys: newOnly, checkpoint: fresh });
    expect(keyed).toMatchObject({
      ok: true,
      checked: 7,
      firstBroken: null,
      personalValues: { checked: 15, broken: null },
    });
    expect((await verifyChain(run, { keys: oldOnly })).firstBroken).toMatchObject({ reason: 'mac' });
  });
});

describe('npm run audit:reseal (the script, on an embedded database)', () => {
  const exec = promisify(execFile);
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'ebmt-reseal-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs a script as `npm run` would, on the embedded database in `dir`; its exit code and output. */
  const script = async (name: string, env: Record<string, string>, args: string[] = []) => {
    try {
      const { stdout, stderr } = await exec(
        path.join(process.cwd(), 'node_modules/.bin/tsx'),
        [path.join(process.cwd(), 'scripts', name), ...args],
        {
          env: {
            ...process.env,
            DATABASE_URL: '',
            AUDIT_CHAIN_KEY_PREVIOUS: '',
            AUDIT_CHAIN_KEY_OLD: '',
            DATA_DIR: dir,
            ...env,
          },
          cwd: process.cwd(),
        },
      );
      return { code: 0, out: stdout + stderr };
    } catch (error) {
      const failed = error as { code: number; stdout: string; stderr: string };
      return { code: failed.code, out: failed.stdout + failed.stderr };
    }
  };

  it('refuses (exit 1) under a wrong old key, re-seals (exit 0) under the right one with a fresh checkpoint', async () => {
    // The embedded database the script opens: migrated and written to, then closed.
    const { client, db } = await openMigratedPglite({ dataDir: path.join(dir, 'pglite') });
    await seed(client, db);
    const file = path.join(dir, 'checkpoints.jsonl');
    const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    await takeCheckpoint(run, oldOnly, file);
    await client.close();

    const env = { AUDIT_CHAIN_KEY: NEW, AUDIT_CHECKPOINT_FILE: file };
    const wrong = await script('audit-reseal.ts', {
      ...env,
      AUDIT_CHAIN_KEY_OLD: 'a-wrong-old-key-0123456789abcdefghij',
    });
    expect(wrong.code).toBe(1);
    // The last checkpoint is signed with the old key: under a wrong one it is refused before anything else.
    expect(wrong.out).toMatch(/REFUSED: 1 checkpoint line\(s\) in .* are signed with neither key/);
    expect(readdirSync(dir).sort()).toEqual(['checkpoints.jsonl', 'pglite']);

    const keyFile = path.join(dir, 'old-key');
    writeFileSync(keyFile, `${OLD}\n`);
    const right = await script('audit-reseal.ts', env, ['--old-key-file', keyFile]);
    expect(right).toMatchObject({ code: 0 });
    expect(right.out).toMatch(/re-sealed under the new key — 6 entries, 15 personal values, the anchor/);
    // The old checkpoints moved aside; the file holds one checkpoint, signed with the new key.
    expect(readdirSync(dir).filter((name) => name.startsWith('checkpoints.jsonl.before-reseal-'))).toHaveLength(1);
    const fresh = latestCheckpoint(newOnly, readFileSync(file, 'utf8'));
    expect(fresh).toMatchObject({ forged: 0, checkpoint: { kind: 'ebmt-audit-checkpoint' } });
    // audit:verify with only the new key now holds against it.
    const verified = await script('audit-verify.ts', env);
    expect(verified).toMatchObject({ code: 0 });
    expect(verified.out).toMatch(/the chains hold — 6 entries.*keyed, 15 personal values; against the checkpoint/);
  });
});
