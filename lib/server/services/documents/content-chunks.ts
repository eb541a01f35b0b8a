/**
 * A version's bytes are stored as rows of `document_chunks` (migration 0016), each CHUNK_BYTES long
 * but the last: one statement per chunk, so no statement moves more than a chunk through the
 * database driver. PGlite runs every statement on the event loop, and a statement's cost grows with
 * the bytes it moves (figures: docs/performance.md#document-transfers).
 */
export const CHUNK_BYTES = 256 * 1024;

/** How many chunks hold `sizeBytes` bytes: none for an empty file. */
export function chunkCount(sizeBytes: number, chunkBytes = CHUNK_BYTES): number {
  if (!Number.isSafeInteger(sizeBytes) || sizeBytes < 0) throw new RangeError(`invalid size ${sizeBytes}`);
  return Math.ceil(sizeBytes / chunkBytes);
}

/** The length of chunk `seq` of a file of `sizeBytes` bytes. */
export function chunkLength(seq: number, sizeBytes: number, chunkBytes = CHUNK_BYTES): number {
  const count = chunkCount(sizeBytes, chunkBytes);
  if (!Number.isInteger(seq) || seq < 0 || seq >= count) throw new RangeError(`no chunk ${seq} of ${count}`);
  return seq === count - 1 ? sizeBytes - seq * chunkBytes : chunkBytes;
}

/**
 * Cuts pieces of any sizes (a file stream's reads) into chunks of exactly `chunkBytes`, the last one
 * shorter; nothing for no bytes. Each chunk is a buffer of its own: the caller may keep it.
 */
export async function* rechunk(
  pieces: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  chunkBytes = CHUNK_BYTES,
): AsyncGenerator<Buffer> {
  if (!Number.isInteger(chunkBytes) || chunkBytes <= 0) throw new RangeError(`invalid chunk size ${chunkBytes}`);
  let chunk = Buffer.allocUnsafe(chunkBytes);
  let filled = 0;
  for await (const piece of pieces) {
    let offset = 0;
    while (offset < piece.byteLength) {
      const taken = Math.min(chunkBytes - filled, piece.byteLength - offset);
      chunk.set(piece.subarray(offset, offset + taken), filled);
      filled += taken;
      offset += taken;
      if (filled === chunkBytes) {
        yield chunk;
        chunk = Buffer.allocUnsafe(chunkBytes);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield chunk.subarray(0, filled);
}

/** The chunks of bytes already in memory (the demo seed's small files), as views without a copy. */
export function splitIntoChunks(bytes: Uint8Array, chunkBytes = CHUNK_BYTES): Buffer[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: chunkCount(buffer.byteLength, chunkBytes) }, (_, seq) =>
    buffer.subarray(seq * chunkBytes, (seq + 1) * chunkBytes),
  );
}
