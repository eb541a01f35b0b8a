/** @jest-environment node */
import { randomBytes } from 'node:crypto';
import { CHUNK_BYTES, chunkCount, chunkLength, rechunk, splitIntoChunks } from './content-chunks';

async function collect(source: AsyncIterable<Buffer>): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(chunk);
  return chunks;
}

/** Cuts `bytes` into pieces of the given lengths, repeated, like a file stream's reads. */
function pieces(bytes: Buffer, lengths: number[]): Buffer[] {
  const result: Buffer[] = [];
  for (let offset = 0, index = 0; offset < bytes.byteLength; index += 1) {
    const length = lengths[index % lengths.length] ?? 1;
    result.push(bytes.subarray(offset, offset + length));
    offset += length;
  }
  return result;
}

describe('document content chunks', () => {
  it('are 256 KiB', () => {
    expect(CHUNK_BYTES).toBe(262_144);
  });

  it.each([
    [0, 0],
    [1, 1],
    [CHUNK_BYTES - 1, 1],
    [CHUNK_BYTES, 1],
    [CHUNK_BYTES + 1, 2],
    [20 * 1024 * 1024, 80],
    [20 * 1024 * 1024 + 1, 81],
  ])('a file of %i bytes takes %i chunks', (size, count) => {
    expect(chunkCount(size)).toBe(count);
    if (count > 0) {
      const lengths = Array.from({ length: count }, (_, seq) => chunkLength(seq, size));
      expect(lengths.reduce((sum, length) => sum + length, 0)).toBe(size);
      expect(lengths.slice(0, -1).every((length) => length === CHUNK_BYTES)).toBe(true);
      expect(lengths.at(-1)).toBeGreaterThan(0);
    }
  });

  it('refuses sizes and chunk numbers that do not exist', () => {
    expect(() => chunkCount(-1)).toThrow(RangeError);
    expect(() => chunkCount(1.5)).toThrow(RangeError);
    expect(() => chunkLength(0, 0)).toThrow(RangeError);
    expect(() => chunkLength(1, CHUNK_BYTES)).toThrow(RangeError);
    expect(() => chunkLength(-1, 10)).toThrow(RangeError);
  });

  it.each([
    ['no bytes', 0, [7]],
    ['one byte', 1, [1]],
    ['a chunk less one, in odd reads', 4095, [1000, 1, 333]],
    ['exactly a chunk, in one read', 4096, [4096]],
    ['a chunk and one, in reads larger than a chunk', 4097, [5000]],
    ['ten chunks and a bit, in reads of a chunk', 10 * 4096 + 17, [4096]],
    ['three chunks, in reads that end on and off the boundaries', 3 * 4096, [2048, 4096, 1, 4095]],
  ])('rechunk: %s comes out whole, in chunks of exactly the size but the last', async (_name, size, reads) => {
    const bytes = randomBytes(size);
    const chunks = await collect(rechunk(pieces(bytes, reads), 4096));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(chunks).toHaveLength(chunkCount(size, 4096));
    chunks.forEach((chunk, seq) => expect(chunk.byteLength).toBe(chunkLength(seq, size, 4096)));
  });

  it('rechunk hands out buffers the caller may keep (the next chunk does not overwrite them)', async () => {
    const bytes = randomBytes(3 * 4096);
    const kept: Buffer[] = [];
    for await (const chunk of rechunk(pieces(bytes, [100]), 4096)) kept.push(chunk);
    expect(Buffer.concat(kept).equals(bytes)).toBe(true);
  });

  it('rechunk reads an async source and skips empty reads', async () => {
    const bytes = randomBytes(10_000);
    async function* source() {
      yield new Uint8Array(0);
      yield bytes.subarray(0, 6000);
      yield new Uint8Array(0);
      yield bytes.subarray(6000);
    }
    const chunks = await collect(rechunk(source(), 4096));
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([4096, 4096, 1808]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('splitIntoChunks cuts bytes in memory the same way, as views of them', () => {
    const bytes = randomBytes(2 * 4096 + 5);
    const chunks = splitIntoChunks(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), 4096);
    expect(chunks.map((chunk) => chunk.byteLength)).toEqual([4096, 4096, 5]);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(splitIntoChunks(new Uint8Array(0))).toEqual([]);
  });
});
