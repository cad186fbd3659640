import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TYPES,
  BucketFileStore,
  DiskFileStore,
  EDITOR_IMAGE_TYPES,
  FileRefusedError,
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

describe('DiskFileStore', () => {
  const store = new DiskFileStore(dir);
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
    expect(fileStore({ uploadsDir: dir })).toBeInstanceOf(DiskFileStore);
  });
});

/**
 * A tiny in-process S3: keeps objects in a map and checks every request's AWS Signature V4 by
 * signing the same request again (same date, the headers it says it signed) with the secret key.
 */
const KEYS = { accessKeyId: 'AKIDUSHIRIKA', secretAccessKey: 'fake-secret-key-for-tests' };
const objects = new Map<string, { body: Buffer; type: string }>();
const seen: { method: string; path: string; signed: boolean }[] = [];
const signer = new AwsClient({ ...KEYS, region: 'af-south-1', service: 's3' });

async function signatureOk(req: IncomingMessage, url: string, body: Buffer): Promise<boolean> {
  const auth = String(req.headers.authorization ?? '');
  const names = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
  if (!auth.startsWith(`AWS4-HMAC-SHA256 Credential=${KEYS.accessKeyId}/`) || !names.includes('host'))
    return false;
  const headers: Record<string, string> = {};
  for (const name of names) if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
  const again = await signer.sign(url, {
    method: req.method ?? 'GET',
    headers,
    ...(body.length ? { body } : {}),
    aws: { datetime: String(req.headers['x-amz-date']) },
  });
  return again.headers.get('authorization') === auth;
}

const fakeS3 = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const body = Buffer.concat(chunks);
    const path = req.url ?? '';
    const signed = await signatureOk(req, `http://${req.headers.host}${path}`, body);
    seen.push({ method: req.method ?? '', path, signed });
    if (!signed) return res.writeHead(403).end();
    const found = objects.get(path);
    if (req.method === 'PUT') {
      objects.set(path, { body, type: String(req.headers['content-type']) });
      return res.writeHead(200).end();
    }
    if (!found) return res.writeHead(404).end();
    if (req.method === 'HEAD') return res.writeHead(200, { 'content-length': found.body.length }).end();
    return res.writeHead(200, { 'content-type': found.type }).end(found.body);
  });
});

describe('BucketFileStore (S3-compatible, against an in-process fake)', () => {
  let endpoint = '';
  const settings = () => ({
    endpoint,
    bucket: 'ushirika-files',
    region: 'af-south-1',
    prefix: 'uploads/',
    ...KEYS,
  });

  it('stores once under the hash with signed requests, reads back, and refuses as the disk store does', async () => {
    await new Promise<void>((resolve) => fakeS3.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(fakeS3.address() as AddressInfo).port}`;
    const store = new BucketFileStore(settings());
    const sha = createHash('sha256').update(PNG).digest('hex');
    const saved = await store.put(PNG, { accept: ATTACHMENT_TYPES, maxBytes: 1024 });
    expect(saved).toEqual({ sha256: sha, size: PNG.length, contentType: 'image/png' });
    const key = `/ushirika-files/uploads/${sha.slice(0, 2)}/${sha}`;
    expect(objects.get(key)).toEqual({ body: PNG, type: 'image/png' });
    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([`HEAD ${key}`, `PUT ${key}`]);
    expect(seen.every((r) => r.signed)).toBe(true);

    await store.put(PNG, { accept: ATTACHMENT_TYPES, maxBytes: 1024 });
    expect(seen.filter((r) => r.method === 'PUT')).toHaveLength(1);
    const read = await store.get(sha);
    expect(read?.bytes.equals(PNG)).toBe(true);
    expect(read?.contentType).toBe('image/png');
    expect(await store.get('f'.repeat(64))).toBeNull();
    expect(await store.has(sha)).toBe(true);

    const before = seen.length;
    await expect(
      store.put(bytes('<svg/>'), { accept: ATTACHMENT_TYPES, maxBytes: 1024 }),
    ).rejects.toBeInstanceOf(FileRefusedError);
    expect(seen.length).toBe(before);
    expect(fileStore({ uploadsDir: dir, s3: settings() })).toBeInstanceOf(BucketFileStore);
  });

  it('says which bucket refused: a wrong secret is an error, never a missing file', async () => {
    const store = new BucketFileStore({ ...settings(), secretAccessKey: 'wrong' });
    await expect(store.get('a'.repeat(64))).rejects.toThrow(
      'File store s3://ushirika-files/uploads/: GET answered 403',
    );
    await new Promise((resolve) => fakeS3.close(resolve));
  });
});
