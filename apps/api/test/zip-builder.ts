import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of a zip: its name and its content as chunks (made lazily, so a huge one costs no memory). */
export type ZipFile = { name: string; chunks: () => Iterable<Buffer>; declareUnpacked?: number };

/**
 * A zip (deflate, no zip64) of the files, each deflated as a stream: a file of hundreds of MB of
 * repetitive XML is built in a few MB. `declareUnpacked` writes another size than the real one
 * into the headers (a lying archive).
 */
export async function zipOf(files: ZipFile[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    let crc = 0;
    let size = 0;
    const source = Readable.from(
      (function* () {
        for (const chunk of file.chunks()) {
          crc = crc32(chunk, crc);
          size += chunk.length;
          yield chunk;
        }
      })(),
    );
    const packed = await buffer(source.pipe(createDeflateRaw({ level: 9 })));
    const name = Buffer.from(file.name);
    const unpacked = file.declareUnpacked ?? size;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(unpacked, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(unpacked, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(entry, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `mb` megabytes of one repeated sheet row, as an xlsx sheet's XML would repeat it. */
export function* repetitiveXml(mb: number): Iterable<Buffer> {
  const row = '<row><c t="inlineStr"><is><t>Mkulima</t></is></c><c><v>1</v></c></row>';
  const chunk = Buffer.from(row.repeat(Math.ceil((1024 * 1024) / row.length)).slice(0, 1024 * 1024));
  yield Buffer.from('<?xml version="1.0"?><worksheet><sheetData>');
  for (let i = 0; i < mb; i++) yield chunk;
  yield Buffer.from('</sheetData></worksheet>');
}
