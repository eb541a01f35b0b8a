/** @jest-environment node */
import type { PGlite } from '@electric-sql/pglite';
import { anchorChain } from '@/lib/server/history/anchor';
import { type ChainQuery, verifyChain } from '@/lib/server/history/chain';
import { auditChainKeys } from '@/lib/server/history/chain-keys';
import type { Db } from '@/lib/server/db/types';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { seedScaleData } from './scale';

/**
 * The scale seed writes its history entries with SQL, after an earlier start anchored the keyed chain
 * (`npm run bench` seeds a database its server has opened): it gives them their MACs as the app does,
 * so `GET /changes/verify/` answers ok on scale data, and seals nothing it did not write.
 */
jest.setTimeout(120_000);

const run =
  (client: PGlite): ChainQuery =>
  async (text, params) =>
    (await client.query<Record<string, unknown>>(text, params)).rows;

/** A migrated database with an active administrator and one entry, anchored as a first start does. */
async function anchored(): Promise<{ client: PGlite; db: Db }> {
  const opened = await openMigratedPglite();
  await opened.client.query(
    `insert into users (email, first_name, last_name, role, status) values ('admin@example.com', 'Ada', 'Admin', 'admin', 'active')`,
  );
  await opened.client.query(
    `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), 'Vorher', 'create')`,
  );
  expect(await anchorChain(opened.db)).toEqual({ sealed: 1 });
  return opened;
}

const unsealedLabels = async (client: PGlite) =>
  (
    await client.query<{ label: string }>(
      `select entity_label as label from changes c where not exists (select 1 from changes_mac m where m.change_id = c.id)`,
    )
  ).rows.map((row) => row.label);

it('a seed after the anchoring leaves a chain that verifies, MACs and all', async () => {
  const { client, db } = await anchored();
  try {
    const lines: string[] = [];
    const report = await seedScaleData(db, { factor: 0.001, extraDistributors: 2, log: (line) => lines.push(line) });
    expect(report.changes).toBe(1000);
    expect(lines.some((line) => line.includes('changes sealed'))).toBe(true);
    expect(await unsealedLabels(client)).toEqual([]);
    const verified = await verifyChain(run(client), { keys: auditChainKeys() });
    expect(verified.firstBroken).toBeNull();
    expect(verified.ok).toBe(true);
  } finally {
    await client.close();
  }
});

it('seals only its own entries, not one written behind the app before it', async () => {
  const { client, db } = await anchored();
  try {
    await client.query(
      `insert into changes (entity_type, entity_id, entity_label, action) values ('account', gen_random_uuid(), 'Untergeschoben', 'create')`,
    );
    await seedScaleData(db, { factor: 0.001, extraDistributors: 2, log: () => undefined });
    expect(await unsealedLabels(client)).toEqual(['Untergeschoben']);
    expect((await verifyChain(run(client), { keys: auditChainKeys() })).firstBroken).toMatchObject({ reason: 'mac' });
  } finally {
    await client.close();
  }
});
