import 'server-only';
import { createReadStream } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { documentVersions } from '@/lib/server/db/schema';

/**
 * A version's bytes move between the staged upload, the database and the download in chunks, so
 * neither an upload nor a download of 20 MiB holds the whole file in the server's memory. They
 * cross the driver as hex text, which Node encodes and decodes natively: PGlite's own encoding of
 * a bytea parameter or result runs byte by byte in JavaScript (about a second per MiB) and held
 * several copies of a 20 MiB file at once, more than the server's 384 MB heap.
 */
const WRITE_CHUNK_BYTES = 4 * 1024 * 1024;
const READ_CHUNK_BYTES = 1024 * 1024;

/** Appends the staged file to the (empty) content of the version, in the caller's transaction. */
export async function writeVersionContent(tx: DbOrTx, versionId: string, filePath: string): Promise<void> {
  const chunks = createReadStream(filePath, { highWaterMark: WRITE_CHUNK_BYTES }) as AsyncIterable<Buffer>;
  for await (const chunk of chunks) {
    await tx
      .update(documentVersions)
      .set({ content: sql`${documentVersions.content} || decode(${chunk.toString('hex')}, 'hex')` })
      .where(eq(documentVersions.id, versionId));
  }
}

/**
 * The bytes of a version as a stream, read a chunk at a time as the client takes them. Versions
 * never change once stored, so the chunks need no transaction around them.
 */
export function readVersionContent(versionId: string, sizeBytes: number): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (offset >= sizeBytes) {
        controller.close();
        return;
      }
      const db = await getDb();
      const [row] = await db
        .select({
          hex: sql<string>`encode(substring(${documentVersions.content} from ${offset + 1} for ${READ_CHUNK_BYTES}), 'hex')`,
        })
        .from(documentVersions)
        .where(eq(documentVersions.id, versionId));
      const part = Buffer.from(row?.hex ?? '', 'hex');
      if (part.byteLength === 0) {
        controller.error(new Error(`document version ${versionId}: content ends at ${offset} of ${sizeBytes} bytes`));
        return;
      }
      offset += part.byteLength;
      controller.enqueue(new Uint8Array(part.buffer, part.byteOffset, part.byteLength));
    },
  });
}
