import 'server-only';
import { createReadStream } from 'node:fs';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { documentChunks } from '@/lib/server/db/schema';
import { CHUNK_BYTES, chunkCount, chunkLength, rechunk } from './content-chunks';

/**
 * A version's bytes move between the staged upload, the database and the download one chunk of
 * 256 KiB at a time (`document_chunks`), one statement per chunk, and the event loop is free
 * between two statements. PGlite runs each statement on the event loop, and its costs grow with the
 * bytes a statement moves. The chunks cross the driver as hex text, which Node encodes and decodes
 * natively: PGlite's own encoding of a bytea parameter or result runs byte by byte in JavaScript.
 * Neither an upload nor a download holds more than a chunk or two in memory.
 */

/** `decode(hex)` of one chunk, as the value of its `data` column. */
const chunkData = (chunk: Buffer) => sql`decode(${chunk.toString('hex')}, 'hex')`;

/**
 * Stores the staged file as the version's chunks, in the caller's transaction (a failure stores
 * nothing), and checks that exactly `sizeBytes` were stored.
 */
export async function writeVersionContent(
  tx: DbOrTx,
  versionId: string,
  filePath: string,
  sizeBytes: number,
): Promise<void> {
  const pieces = createReadStream(filePath, { highWaterMark: CHUNK_BYTES }) as AsyncIterable<Buffer>;
  let seq = 0;
  let stored = 0;
  for await (const chunk of rechunk(pieces)) {
    await tx.insert(documentChunks).values({ versionId, seq, data: chunkData(chunk) });
    seq += 1;
    stored += chunk.byteLength;
    // The statement ran on the event loop (PGlite): let other requests have it before the next one.
    await yieldToEventLoop();
  }
  if (stored !== sizeBytes) {
    throw new Error(`document version ${versionId}: stored ${stored} of ${sizeBytes} bytes`);
  }
}

/**
 * The bytes of a version as a stream, read one chunk per statement as the client takes them.
 * Versions never change once stored, so the chunks need no transaction around them. A chunk that
 * is missing or of the wrong length (the database was changed behind the application's back) ends
 * the stream with an error, so the client sees a broken download instead of wrong bytes.
 */
export function readVersionContent(versionId: string, sizeBytes: number): ReadableStream<Uint8Array> {
  const count = chunkCount(sizeBytes);
  let seq = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (seq >= count) {
          controller.close();
          return;
        }
        // Between two statements the event loop is free, also when the client reads faster than
        // the database answers (each pull would otherwise follow the last in the same turn).
        await yieldToEventLoop();
        const db = await getDb();
        const [row] = await db
          .select({ hex: sql<string>`encode(${documentChunks.data}, 'hex')` })
          .from(documentChunks)
          .where(and(eq(documentChunks.versionId, versionId), eq(documentChunks.seq, seq)));
        const chunk = Buffer.from(row?.hex ?? '', 'hex');
        const expected = chunkLength(seq, sizeBytes);
        if (!row || chunk.byteLength !== expected) {
          controller.error(
            new Error(
              `document version ${versionId}: chunk ${seq} of ${count} has ${row ? chunk.byteLength : 'no'} bytes, expected ${expected}`,
            ),
          );
          return;
        }
        seq += 1;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if (seq === count) controller.close();
      },
    },
    // One chunk read ahead of the client, no more.
    { highWaterMark: 1 },
  );
}
