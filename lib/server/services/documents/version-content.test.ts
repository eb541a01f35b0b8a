/**
 * @jest-environment node
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import type { PGlite } from '@electric-sql/pglite';
import type { pg_trgm as PgTrgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { CHUNK_BYTES, chunkCount } from './content-chunks';
import { readVersionContent, writeVersionContent } from './version-content';

/**
 * A version's bytes through the chunk table on a real PostgreSQL (PGlite in memory): the upload's
 * writer and the download's stream byte for byte, a failed upload leaving nothing, and migration
 * 0016 moving stored files into chunks.
 */
jest.setTimeout(120_000);

let db: Db;
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db) }));

const MIGRATIONS = path.join(process.cwd(), 'lib/server/db/migrations');
const CHUNKS_MIGRATION = '0016_document_chunks';

// See test-support/migrated-pglite.ts: PGlite loads outside Jest's module sandbox.
function requireOutsideJest<T>(id: string): T {
  const createRequire = vm.runInThisContext(
    '(process.getBuiltinModule?.("node:module") ?? process.mainModule.require("node:module")).createRequire',
  ) as (from: string) => (id: string) => unknown;
  return createRequire(__filename)(id) as T;
}

async function openPglite(): Promise<{ client: PGlite; database: Db }> {
  const { PGlite: PGliteClass } = requireOutsideJest<typeof import('@electric-sql/pglite')>('@electric-sql/pglite');
  const { pg_trgm } = requireOutsideJest<{ pg_trgm: typeof PgTrgm }>('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGliteClass.create({ extensions: { pg_trgm } });
  return { client, database: drizzle(client, { schema }) as unknown as Db };
}

/** The migrations folder as it was before migration 0016. */
function migrationsBeforeChunks(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'benefits-migrations-'));
  cpSync(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === CHUNKS_MIGRATION);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return Buffer.concat(parts);
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/**
 * A document with one version, as the services insert them (before migration 0016: with its bytes
 * in `content`, else without bytes); answers the version's id.
 */
async function newVersion(database: Db, sizeBytes: number, content?: Buffer): Promise<string> {
  const documentId = randomUUID();
  const versionId = randomUUID();
  await database.execute(
    sql`insert into documents (id, title, category, current_version) values (${documentId}, 'Test', 'other', 1)`,
  );
  await database.execute(
    content
      ? sql`insert into document_versions (id, document_id, number, file_name, mime_type, size_bytes, sha256, content)
            values (${versionId}, ${documentId}, 1, 'a.pdf', 'application/pdf', ${sizeBytes}, '',
                    decode(${content.toString('hex')}, 'hex'))`
      : sql`insert into document_versions (id, document_id, number, file_name, mime_type, size_bytes, sha256)
            values (${versionId}, ${documentId}, 1, 'a.pdf', 'application/pdf', ${sizeBytes}, '')`,
  );
  return versionId;
}

const SIZES = [1, 2, CHUNK_BYTES - 1, CHUNK_BYTES, CHUNK_BYTES + 1, 3 * CHUNK_BYTES + 17];

describe('on a migrated database', () => {
  let client: PGlite;
  let folder: string;

  beforeAll(async () => {
    ({ client, database: db } = await openPglite());
    await migrate(db as never, { migrationsFolder: MIGRATIONS });
    folder = mkdtempSync(path.join(tmpdir(), 'benefits-staged-'));
  });

  afterAll(async () => {
    await client?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  async function stage(bytes: Buffer): Promise<string> {
    const file = path.join(folder, randomUUID());
    writeFileSync(file, bytes);
    return file;
  }

  it.each(SIZES.map((size) => [size]))('%i bytes go into chunks and come back byte for byte', async (size) => {
    const bytes = randomBytes(size);
    const file = await stage(bytes);
    const versionId = await newVersion(db, size);
    await db.transaction((tx) => writeVersionContent(tx, versionId, file, size));
    const chunks = await db
      .select({ seq: schema.documentChunks.seq, length: sql<number>`octet_length(${schema.documentChunks.data})` })
      .from(schema.documentChunks)
      .where(eq(schema.documentChunks.versionId, versionId))
      .orderBy(schema.documentChunks.seq);
    expect(chunks.map((chunk) => chunk.seq)).toEqual([...Array(chunkCount(size)).keys()]);
    expect(chunks.slice(0, -1).every((chunk) => Number(chunk.length) === CHUNK_BYTES)).toBe(true);
    expect((await readAll(readVersionContent(versionId, size))).equals(bytes)).toBe(true);
  });

  it('a version without bytes is an empty stream', async () => {
    const versionId = await newVersion(db, 0);
    expect((await readAll(readVersionContent(versionId, 0))).byteLength).toBe(0);
  });

  it('lets other work run between two chunk statements', async () => {
    const size = 12 * CHUNK_BYTES;
    const file = await stage(randomBytes(size));
    const versionId = await newVersion(db, size);
    // A macrotask loop: it only advances when the event loop is free between statements.
    let turns = 0;
    let running = true;
    const spin = () => {
      turns += 1;
      if (running) setImmediate(spin);
    };
    setImmediate(spin);
    const before = turns;
    await db.transaction((tx) => writeVersionContent(tx, versionId, file, size));
    const duringWrite = turns - before;
    const beforeRead = turns;
    await readAll(readVersionContent(versionId, size));
    const duringRead = turns - beforeRead;
    running = false;
    expect(duringWrite).toBeGreaterThanOrEqual(12);
    expect(duringRead).toBeGreaterThanOrEqual(12);
  });

  it('a failed upload leaves no chunk (they are written in its transaction)', async () => {
    const size = 2 * CHUNK_BYTES + 3;
    const file = await stage(randomBytes(size));
    const versionId = await newVersion(db, size);
    await expect(
      db.transaction(async (tx) => {
        await writeVersionContent(tx, versionId, file, size);
        throw new Error('later step failed');
      }),
    ).rejects.toThrow('later step failed');
    const [left] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from document_chunks where version_id = ${versionId}`),
    );
    expect(left?.n).toBe(0);
  });

  it('a file that is not the size the upload counted is refused', async () => {
    const file = await stage(randomBytes(100));
    const versionId = await newVersion(db, 101);
    await expect(db.transaction((tx) => writeVersionContent(tx, versionId, file, 101))).rejects.toThrow(
      'stored 100 of 101 bytes',
    );
  });

  it('a missing or shortened chunk breaks the download instead of sending other bytes', async () => {
    const size = 2 * CHUNK_BYTES + 9;
    const bytes = randomBytes(size);
    const versionId = await newVersion(db, size);
    await db.transaction(async (tx) => writeVersionContent(tx, versionId, await stage(bytes), size));
    const chunk = (seq: number) =>
      and(eq(schema.documentChunks.versionId, versionId), eq(schema.documentChunks.seq, seq));
    await db
      .update(schema.documentChunks)
      .set({ data: sql`substring(${schema.documentChunks.data} from 2)` })
      .where(chunk(1));
    await expect(readAll(readVersionContent(versionId, size))).rejects.toThrow('chunk 1 of 3 has 262143 bytes');
    await db.delete(schema.documentChunks).where(chunk(2));
    await expect(readAll(readVersionContent(versionId, size))).rejects.toThrow('chunk 1 of 3');
    await db.delete(schema.documentChunks).where(chunk(1));
    await expect(readAll(readVersionContent(versionId, size))).rejects.toThrow('chunk 1 of 3 has no bytes');
  });
});

describe('migration 0016', () => {
  it('moves every stored file into chunks, byte for byte, and drops the column', async () => {
    const { client, database } = await openPglite();
    const before = migrationsBeforeChunks();
    try {
      db = database;
      await migrate(database as never, { migrationsFolder: before });
      const stored = new Map<string, Buffer>();
      for (const size of [0, ...SIZES]) {
        const bytes = randomBytes(size);
        stored.set(await newVersion(database, size, bytes), bytes);
      }
      await migrate(database as never, { migrationsFolder: MIGRATIONS });

      const columns = rowsOf<{ name: string }>(
        await database.execute(
          sql`select column_name as name from information_schema.columns where table_name = 'document_versions'`,
        ),
      ).map((column) => column.name);
      expect(columns).not.toContain('content');
      for (const [versionId, bytes] of stored) {
        const [count] = rowsOf<{ n: number }>(
          await database.execute(sql`select count(*)::int as n from document_chunks where version_id = ${versionId}`),
        );
        expect({ size: bytes.byteLength, chunks: count?.n }).toEqual({
          size: bytes.byteLength,
          chunks: chunkCount(bytes.byteLength),
        });
        const back = await readAll(readVersionContent(versionId, bytes.byteLength));
        expect({ size: bytes.byteLength, same: back.equals(bytes) }).toEqual({ size: bytes.byteLength, same: true });
      }
    } finally {
      await client.close();
      rmSync(before, { recursive: true, force: true });
    }
  });
});
