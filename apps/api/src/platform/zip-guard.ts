import { inflateRawSync } from 'node:zlib';

/**
 * What an uploaded workbook (an xlsx is a zip) may unpack to before anything reads it: a 1.4 MB
 * workbook can hold a sheet that unpacks to half a gigabyte of repetitive XML, and the xlsx
 * reader would hold all of it in memory (#37). The limits are far above any real import sheet
 * (10,000 farmers unpack to about 5 MB).
 */
export const ZIP_LIMITS = {
  /** All entries together, unpacked. */
  maxUnpackedBytes: 50 * 1024 * 1024,
  /** Unpacked / packed for one entry larger than 1 MB unpacked; real sheets stay under 30. */
  maxRatio: 100,
  maxEntries: 2_000,
};

export const unpackedMb = (limits = ZIP_LIMITS) => Math.round(limits.maxUnpackedBytes / (1024 * 1024));

export class ZipLimitError extends Error {}

type Entry = { name: string; method: number; packed: number; unpacked: number; localOffset: number };

/**
 * Refuses a zip whose central directory declares more than the limits (total unpacked size, one
 * entry's ratio, the number of entries), then unpacks each entry with its declared size as the
 * ceiling (`maxOutputLength`), so an entry that lies about its size is refused too, having
 * unpacked no more than it declared. Nothing is kept: the entries are read and let go one by one.
 * Throws ZipLimitError with what was exceeded; a file that is not a zip at all throws too.
 */
export function assertZipWithinLimits(bytes: Buffer, limits = ZIP_LIMITS): void {
  const entries = centralDirectory(bytes);
  if (entries.length > limits.maxEntries)
    throw new ZipLimitError(`it holds ${entries.length} files, more than ${limits.maxEntries}`);
  let total = 0;
  for (const e of entries) {
    total += e.unpacked;
    if (total > limits.maxUnpackedBytes)
      throw new ZipLimitError(`it unpacks to more than ${unpackedMb(limits)} MB`);
    if (e.unpacked > 1024 * 1024 && e.unpacked / Math.max(1, e.packed) > limits.maxRatio)
      throw new ZipLimitError(
        `${e.name} is packed ${Math.round(e.unpacked / Math.max(1, e.packed))} to 1, more than ${limits.maxRatio} to 1`,
      );
  }
  for (const e of entries) checkActualSize(bytes, e);
}

function checkActualSize(bytes: Buffer, e: Entry): void {
  if (bytes.readUInt32LE(e.localOffset) !== 0x04034b50) throw new ZipLimitError('it is not a readable zip');
  const start =
    e.localOffset + 30 + bytes.readUInt16LE(e.localOffset + 26) + bytes.readUInt16LE(e.localOffset + 28);
  const data = bytes.subarray(start, start + e.packed);
  if (e.method === 0) {
    if (e.packed !== e.unpacked) throw new ZipLimitError(`${e.name} is not the size it declares`);
    return;
  }
  if (e.method !== 8) throw new ZipLimitError(`${e.name} is packed in a way a workbook never is`);
  let out: Buffer;
  try {
    // One byte over the declared size is enough to know it lies.
    out = inflateRawSync(data, { maxOutputLength: e.unpacked + 1 });
  } catch {
    throw new ZipLimitError(`${e.name} unpacks to more than it declares, or is damaged`);
  }
  if (out.length !== e.unpacked) throw new ZipLimitError(`${e.name} is not the size it declares`);
}

/** The entries the zip's central directory lists (ZIP64 refused: no import sheet needs it). */
function centralDirectory(bytes: Buffer): Entry[] {
  const eocd = endOfCentralDirectory(bytes);
  const count = bytes.readUInt16LE(eocd + 10);
  const size = bytes.readUInt32LE(eocd + 12);
  let at = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || size === 0xffffffff || at === 0xffffffff || at + size > bytes.length)
    throw new ZipLimitError('it is not a readable zip');
  const entries: Entry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50)
      throw new ZipLimitError('it is not a readable zip');
    const nameLength = bytes.readUInt16LE(at + 28);
    const entry: Entry = {
      method: bytes.readUInt16LE(at + 10),
      packed: bytes.readUInt32LE(at + 20),
      unpacked: bytes.readUInt32LE(at + 24),
      localOffset: bytes.readUInt32LE(at + 42),
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
    };
    if (entry.packed === 0xffffffff || entry.unpacked === 0xffffffff || entry.localOffset + 30 > bytes.length)
      throw new ZipLimitError('it is not a readable zip');
    entries.push(entry);
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

function endOfCentralDirectory(bytes: Buffer): number {
  const stop = Math.max(0, bytes.length - 22 - 0xffff);
  for (let at = bytes.length - 22; at >= stop; at--) if (bytes.readUInt32LE(at) === 0x06054b50) return at;
  throw new ZipLimitError('it is not a readable zip');
}
