import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

/**
 * A small ustar writer and reader for backup archives (a handful of members, some of them large):
 * members stream from and to disk, each one hashed on the way, and the whole goes through gzip.
 */
export type TarEntry = { name: string; file: string; size: number };

const BLOCK = 512;

function header(name: string, size: number): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Archive member name too long: ${name}`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 100);
  h.write('0000644\0', 100);
  h.write('0000000\0', 108);
  h.write('0000000\0', 116);
  h.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  h.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  h.write('        ', 148);
  h.write('0', 156);
  h.write('ustar\0', 257);
  h.write('00', 263);
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return h;
}

const padding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

export async function writeTarGz(target: string, entries: TarEntry[]): Promise<void> {
  async function* tar() {
    for (const entry of entries) {
      yield header(entry.name, entry.size);
      for await (const chunk of createReadStream(entry.file)) yield chunk as Buffer;
      yield padding(entry.size);
    }
    yield Buffer.alloc(BLOCK * 2);
  }
  await pipeline(tar, createGzip({ level: 6 }), createWriteStream(target, { mode: 0o600 }));
}

export type Extracted = { name: string; file: string; size: number; sha256: string };

/** Extracts every member under `dir` (names are checked to stay inside it); answers them hashed. */
export async function extractTarGz(source: string, dir: string): Promise<Extracted[]> {
  const out: Extracted[] = [];
  let buffer: Buffer = Buffer.alloc(0);
  let current: {
    entry: Extracted;
    left: number;
    stream: NodeJS.WritableStream;
    hash: ReturnType<typeof createHash>;
  } | null = null;
  let skip = 0;
  let ended = false;

  const write = (stream: NodeJS.WritableStream, chunk: Buffer) =>
    new Promise<void>((resolve, reject) => {
      stream.write(chunk, (error) => (error ? reject(error) : resolve()));
    });
  const finish = (stream: NodeJS.WritableStream) => new Promise<void>((resolve) => stream.end(resolve));

  async function consume(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
      while (!ended) {
        if (current) {
          const take = Math.min(current.left, buffer.length);
          if (take === 0 && current.left > 0) break;
          const part = buffer.subarray(0, take);
          current.hash.update(part);
          await write(current.stream, part);
          buffer = buffer.subarray(take);
          current.left -= take;
          if (current.left > 0) break;
          await finish(current.stream);
          current.entry.sha256 = current.hash.digest('hex');
          out.push(current.entry);
          skip = (BLOCK - (current.entry.size % BLOCK)) % BLOCK;
          current = null;
        }
        if (skip) {
          const drop = Math.min(skip, buffer.length);
          buffer = buffer.subarray(drop);
          skip -= drop;
          if (skip) break;
        }
        if (buffer.length < BLOCK) break;
        const h = buffer.subarray(0, BLOCK);
        buffer = buffer.subarray(BLOCK);
        if (h.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const name = h.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
        const size = Number.parseInt(h.subarray(124, 136).toString('utf8').replace(/\0.*$/s, '').trim(), 8);
        const file = path.resolve(dir, name);
        if (!file.startsWith(path.resolve(dir) + path.sep) || Number.isNaN(size)) {
          throw new Error(`The archive holds an unexpected member: ${name}`);
        }
        mkdirSync(path.dirname(file), { recursive: true });
        current = {
          entry: { name, file, size, sha256: '' },
          left: size,
          stream: createWriteStream(file, { mode: 0o600 }),
          hash: createHash('sha256'),
        };
      }
    }
    if (current || !ended) throw new Error('The archive is cut short');
  }
  await pipeline(createReadStream(source), createGunzip(), consume);
  return out;
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
