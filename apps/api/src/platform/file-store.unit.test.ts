import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TYPES,
  EDITOR_IMAGE_TYPES,
  FileRefusedError,
  FileStore,
  fileStore,
  sniffType,
} from './file-store.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ushirika-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bytes = (...parts: (number[] | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

const PNG = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'rest of a png');
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0], 'jfif');
const PDF = bytes('%PDF-1.4\n%signed delivery note\n');
const GIF = bytes('GIF89a', [1, 0, 1, 0]);
const AVIF = bytes([0, 0, 0, 0x1c], 'ftypavif', [0, 0, 0, 0], 'mif1miafMA1B');
const AVIF_COMPAT = bytes([0, 0, 0, 0x18], 'ftypmif1', [0, 0, 0, 0], 'mif1avif');
const HEIC = bytes([0, 0, 0, 0x18], 'ftypheic', [0, 0, 0, 0], 'mif1heic');

describe('sniffType reads the type from the content', () => {
  it('knows PDF, JPEG, PNG, GIF and AVIF by their first bytes', () => {
    expect(sniffType(PDF)).toBe('application/pdf');
    expect(sniffType(JPEG)).toBe('image/jpeg');
    expect(sniffType(PNG)).toBe('image/png');
    expect(sniffType(GIF)).toBe('image/gif');
    expect(sniffType(bytes('GIF87a'))).toBe('image/gif');
    expect(sniffType(AVIF)).toBe('image/avif');
    expect(sniffType(AVIF_COMPAT)).toBe('image/avif');
  });
  it('answers null for anything else, whatever it is called', () => {
    expect(sniffType(HEIC)).toBeNull();
    expect(sniffType(bytes('<html><body>not a pdf'))).toBeNull();
    expect(sniffType(bytes('MZ\x90\x00'))).toBeNull();
    expect(sniffType(bytes([0x89, 0x50]))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });
});

describe('FileStore', () => {
  const store = new FileStore(dir);
  const rules = { accept: ATTACHMENT_TYPES, maxBytes: 1024 };

  it('stores the bytes once under their SHA-256 and gives them back with their type', async () => {
    const saved = await store.put(PNG, rules);
    const sha = createHash('sha256').update(PNG).digest('hex');
    expect(saved).toEqual({ sha256: sha, size: PNG.length, contentType: 'image/png' });
    expect(readFileSync(path.join(dir, sha.slice(0, 2), sha))).toEqual(PNG);
    const again = await store.put(PNG, rules);
    expect(again.sha256).toBe(sha);
    expect(readdirSync(path.join(dir, sha.slice(0, 2)))).toEqual([sha]);
    const read = await store.get(sha);
    expect(read?.contentType).toBe('image/png');
    expect(read?.bytes.equals(PNG)).toBe(true);
    expect(await store.has(sha)).toBe(true);
  });

  it('refuses a type it was not told to accept, and a file over the limit, writing nothing', async () => {
    const before = readdirSync(dir).length;
    await expect(store.put(bytes('<script>alert(1)</script>'), rules)).rejects.toMatchObject({
      reason: 'type',
      message: 'This file type is not allowed: send PDF, JPEG, PNG.',
    });
    await expect(store.put(GIF, rules)).rejects.toBeInstanceOf(FileRefusedError);
    await expect(store.put(Buffer.alloc(1025, 0xff), rules)).rejects.toMatchObject({ reason: 'size' });
    await expect(store.put(new Uint8Array(), rules)).rejects.toMatchObject({ reason: 'empty' });
    expect(readdirSync(dir).length).toBe(before);
  });

  it('takes editor images (GIF, AVIF) when the caller accepts them, and no PDF there', async () => {
    const editor = { accept: EDITOR_IMAGE_TYPES, maxBytes: 2_097_152 };
    expect((await store.put(GIF, editor)).contentType).toBe('image/gif');
    expect((await store.put(AVIF, editor)).contentType).toBe('image/avif');
    await expect(store.put(PDF, editor)).rejects.toMatchObject({ reason: 'type' });
  });

  it('answers null for a hash it does not hold and refuses anything that is not a hash', async () => {
    expect(await store.get('0'.repeat(64))).toBeNull();
    expect(() => store.pathOf('../../etc/passwd')).toThrow('Not a file hash');
    await expect(store.get('../jwt-secret')).rejects.toThrow('Not a file hash');
  });

  it('is one store per folder in a process', () => {
    expect(fileStore({ uploadsDir: dir })).toBe(fileStore({ uploadsDir: dir }));
  });
});
