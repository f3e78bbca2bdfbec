import { constants, deflateRawSync } from 'node:zlib';

/**
 * Zips that inflate to far more than they weigh, built in a few milliseconds: one deflated
 * megabyte of zeros (about 1 KB) repeated, each copy ending on a byte boundary, then an empty
 * final block. Entries are written by hand so each can declare whatever size a test needs.
 */

interface Entry {
  name: string;
  /** Raw deflate data. */
  deflated: Buffer;
  /** The uncompressed size the zip declares: the truth or a lie. */
  declaredSize: number;
}

const MB = 1024 * 1024;

/** Deflate data that inflates to `megabytes` MB of zeros. */
export function deflatedZeros(megabytes: number): Buffer {
  const segment = deflateRawSync(Buffer.alloc(MB), { finishFlush: constants.Z_SYNC_FLUSH });
  const emptyFinalBlock = Buffer.from([0x03, 0x00]);
  return Buffer.concat([...Array.from({ length: megabytes }, () => segment), emptyFinalBlock]);
}

/** A zip of `entries`, deflated, without CRCs (no reader here checks one before the end). */
export function zipOf(entries: readonly Entry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, deflated, declaredSize } of entries) {
    const file = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(declaredSize, 22);
    local.writeUInt16LE(file.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(declaredSize, 24);
    central.writeUInt16LE(file.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, file, deflated);
    centrals.push(central, file);
    offset += local.length + file.length + deflated.length;
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

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>';

/** An xlsx by its signature whose sheet inflates to `megabytes` MB, declaring `declaredSize`. */
export function workbookBomb(megabytes: number, declaredSize: number): Buffer {
  const types = Buffer.from(CONTENT_TYPES);
  return zipOf([
    { name: '[Content_Types].xml', deflated: deflateRawSync(types), declaredSize: types.length },
    { name: 'xl/worksheets/sheet1.xml', deflated: deflatedZeros(megabytes), declaredSize },
  ]);
}
