import { constants, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';

/*
 * Hostile and ordinary spreadsheet files for the import kit's tests (Jest and the API tests):
 * XLSX written with exceljs, zip bombs written by hand (local headers, central directory, end record).
 */

/** An XLSX whose first sheet holds `rows` (a value `{ formula }` becomes a formula cell). */
export async function xlsxOf(rows: readonly (readonly ExcelJS.CellValue[])[], extraSheet = false): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Import');
  for (const row of rows) sheet.addRow([...row]);
  if (extraSheet) workbook.addWorksheet('Zweites').addRow(['nicht', 'gelesen']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface ZipEntry {
  name: string;
  /** Unpacked bytes (deflated here), or the deflated data and its size. */
  data: Buffer | { deflated: Buffer; size: number; crc: number };
  /** The size written into the headers (a lie, for a bomb that understates). */
  declaredSize?: number;
}

/** A zip of `entries`, each deflated, with local headers and a central directory as Excel writes them. */
export function zipOf(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const packed = Buffer.isBuffer(entry.data)
      ? { deflated: deflateRawSync(entry.data), size: entry.data.length, crc: crc32(entry.data) }
      : entry.data;
    const size = entry.declaredSize ?? packed.size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(packed.crc, 14);
    local.writeUInt32LE(packed.deflated.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(packed.crc, 16);
    central.writeUInt32LE(packed.deflated.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed.deflated);
    centrals.push(central, name);
    offset += 30 + name.length + packed.deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * `megabytes` MiB of zeros as one raw deflate stream (about 1 KiB per MiB): the same sync-flushed
 * MiB block repeated, then an empty final block; never held unpacked. The CRC is left 0 (nothing
 * reads that far).
 */
function deflatedZeros(megabytes: number): { deflated: Buffer; size: number; crc: number } {
  const block = deflateRawSync(Buffer.alloc(1024 * 1024), { level: 9, finishFlush: constants.Z_SYNC_FLUSH });
  const parts: Buffer[] = Array.from({ length: megabytes }, () => block);
  parts.push(Buffer.from([0x03, 0x00]));
  return { deflated: Buffer.concat(parts), size: megabytes * 1024 * 1024, crc: 0 };
}

const MINIMAL_PARTS = [
  { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
];

/**
 * A zip bomb shaped as an XLSX: a sheet of `megabytes` MiB of zeros. `honest`: the headers declare
 * the real size; otherwise they claim 1 KiB (caught while unpacking).
 */
export function xlsxBomb(megabytes: number, honest: boolean): Buffer {
  const zeros = deflatedZeros(megabytes);
  return zipOf([
    ...MINIMAL_PARTS,
    { name: 'xl/worksheets/sheet1.xml', data: zeros, declaredSize: honest ? zeros.size : 1024 },
  ]);
}

/** A first sheet whose header row has `columns` cells. */
export async function xlsxWide(columns: number): Promise<Buffer> {
  return xlsxOf([Array.from({ length: columns }, (_, index) => `Spalte ${index + 1}`)]);
}
