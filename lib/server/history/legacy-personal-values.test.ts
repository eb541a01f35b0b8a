/**
 * @jest-environment node
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { anchorChain } from './anchor';
import { verifyChain, type ChainQuery } from './chain';
import { auditChainKeys } from './chain-keys';
import { takeCheckpoint } from './checkpoint';
import { pseudonym, resolveRefs } from './personal-refs';
import { recordChange } from './record-change';
import { loadRefLookup } from './ref-lookup';

/**
 * Migration 0030 (issue 44): history entries written before personal values went by reference (passkey
 * names above all) are rewritten into references before the history is anchored, and every chain still
 * verifies — plainly right after the migration, and under the key once the anchoring sealed it.
 */
jest.setTimeout(120_000);

beforeAll(() => jest.spyOn(console, 'log').mockImplementation(() => undefined));
afterAll(() => jest.restoreAllMocks());

const MIGRATIONS = path.join(process.cwd(), 'lib/server/db/migrations');
const TAG = '0030_history_legacy_personal_values';
let before0030: string;

beforeAll(() => {
  // A copy of the migrations whose journal ends before 0030: the database as a deployment had it.
  before0030 = mkdtempSync(path.join(tmpdir(), 'ebmt-0030-'));
  cpSync(MIGRATIONS, before0030, { recursive: true });
  const journalFile = path.join(before0030, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  expect(journal.entries.some((entry) => entry.tag === TAG)).toBe(true);
  // 0030 and every later migration: drizzle applies only what comes after the newest applied one.
  journal.entries = journal.entries.slice(
    0,
    journal.entries.findIndex((entry) => entry.tag === TAG),
  );
  writeFileSync(journalFile, JSON.stringify(journal));
});
afterAll(() => rmSync(before0030, { recursive: true, force: true }));

const VERA = '11111111-1111-4111-8111-111111111111';
const ERIKA = '22222222-2222-4222-8222-222222222222';

/** Entries as the code before the keyed chain wrote them: passkey names as they were. */
async function seedLegacy(client: PGlite) {
  await client.exec(`
    INSERT INTO users (id, email, first_name, last_name, role) VALUES
      ('${VERA}', 'vera@example.com', 'Vera', 'Muster', 'admin'),
      ('${ERIKA}', 'erika@example.com', 'Erika', 'Beispiel', 'employee');
    INSERT INTO changes (actor_id, actor_label, entity_type, entity_id, entity_label, action, fields) VALUES
      ('${VERA}', '⟦u:${VERA}⟧', 'user', '${VERA}', '⟦u:${VERA}⟧', 'mfa_enrol',
        '[{"field": "passkey", "before": null, "after": "Veras iPhone"}]'),
      (NULL, 'System', 'account', gen_random_uuid(), 'Konto Nord', 'create', '[{"field": "name", "before": null, "after": "Konto Nord"}]'),
      ('${VERA}', '⟦u:${VERA}⟧', 'user', '${VERA}', '⟦u:${VERA}⟧', 'mfa_disable',
        '[{"field": "passkey", "before": "Veras iPhone", "after": null}, {"field": "totp", "before": true, "after": false}]'),
      ('${ERIKA}', '⟦u:${ERIKA}⟧', 'user', '${ERIKA}', '⟦u:${ERIKA}⟧', 'mfa_enrol',
        '[{"field": "passkey", "before": null, "after": "Erikas YubiKey"}]');
    UPDATE users SET erased_at = now(), first_name = '', last_name = '', email = 'geloescht-${ERIKA}@erased.invalid'
      WHERE id = '${ERIKA}';
  `);
}

const plaintextCount = async (client: PGlite) =>
  (
    await client.query<{ n: number }>(
      `select count(*)::int as n from changes where fields::text like '%iPhone%' or fields::text like '%YubiKey%'`,
    )
  ).rows[0]!.n;

describe('migration 0030: personal values in history entries from before the keyed chain', () => {
  let client: PGlite;
  let db: Db;
  const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;

  beforeAll(async () => {
    ({ client, db } = await openMigratedPglite({ migrationsFolder: before0030 }));
    await seedLegacy(client);
    // Entries the app wrote with the keyed chain before any anchoring (no key at start): they carry a
    // MAC, and some follow the legacy ones in the same chain.
    for (let index = 1; index <= 3; index += 1) {
      await db.transaction((tx) =>
        recordChange(tx, {
          actor: { id: VERA, firstName: 'Vera', lastName: 'Muster', email: 'vera@example.com' },
          entityType: 'account',
          entityId: '33333333-3333-4333-8333-333333333333',
          entityLabel: `Konto ${index}`,
          action: 'update',
          fields: [{ field: 'notes', before: index - 1, after: index }],
        }),
      );
    }
    expect(await plaintextCount(client)).toBe(3);
    expect((await verifyChain(run)).ok).toBe(true);
    // The real path: drizzle's migrator applies what the journal adds (0030 only).
    await migrate(db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: MIGRATIONS });
  });

  afterAll(async () => {
    await client?.close();
  });

  it('leaves no passkey name in any entry, and the plain chain holds', async () => {
    expect(await plaintextCount(client)).toBe(0);
    const result = await verifyChain(run, { batchSize: 2 });
    expect(result).toMatchObject({ ok: true, checked: 7, firstBroken: null });
    const javascript = await verifyChain(run, { recompute: 'javascript', batchSize: 2 });
    expect(javascript).toMatchObject({ ok: true, checked: 7 });
  });

  it("keeps a living person's value by reference and shows it; an erased person's is gone (pseudonym)", async () => {
    const values = (
      await client.query<{ person_id: string; value: string }>(
        `select person_id::text as person_id, value from history_personal_values where value like '%iPhone%' or value like '%YubiKey%'`,
      )
    ).rows;
    expect(values).toEqual([{ person_id: VERA, value: 'Veras iPhone' }]);
    const rows = await db
      .select({
        actorLabel: schema.changes.actorLabel,
        entityLabel: schema.changes.entityLabel,
        fields: schema.changes.fields,
        action: schema.changes.action,
        entityId: schema.changes.entityId,
      })
      .from(schema.changes);
    const lookup = await loadRefLookup(db, rows);
    const passkeys = rows
      .filter((row) => row.entityId !== '33333333-3333-4333-8333-333333333333')
      .flatMap((row) => row.fields.filter((field) => field.field === 'passkey'))
      .map((field) => resolveRefs(String(field.after ?? field.before), lookup));
    expect(passkeys.sort()).toEqual([pseudonym(ERIKA), 'Veras iPhone', 'Veras iPhone'].sort());
    // The other fields of a rewritten entry stay as they were.
    const disable = rows.find((row) => row.action === 'mfa_disable')!;
    expect(disable.fields[1]).toEqual({ field: 'totp', before: true, after: false });
  });

  it('the anchoring seals the rewritten history: the keyed check and a checkpoint hold', async () => {
    const keys = auditChainKeys();
    // The entries re-linked after the first rewritten one lost their (now stale) MAC; the anchor seals them.
    expect(await anchorChain(db)).toEqual({ sealed: 7 });
    const checkpoint = await takeCheckpoint(run, keys);
    const keyed = await verifyChain(run, { keys, checkpoint });
    expect(keyed).toMatchObject({ ok: true, checked: 7, keyed: true, firstBroken: null });
    expect(keyed.personalValues?.broken).toBeNull();
  });
});

describe('migration 0030 on a history already anchored', () => {
  it('rewrites nothing (the database cannot re-seal), so the keyed chain still holds', async () => {
    const { client, db } = await openMigratedPglite({ migrationsFolder: before0030 });
    const run: ChainQuery = async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      await seedLegacy(client);
      expect(await anchorChain(db)).toEqual({ sealed: 4 });
      await migrate(db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder: MIGRATIONS });
      expect(await plaintextCount(client)).toBe(3);
      const keyed = await verifyChain(run, { keys: auditChainKeys() });
      expect(keyed).toMatchObject({ ok: true, checked: 4 });
    } finally {
      warn.mockRestore();
      await client.close();
    }
  });
});
