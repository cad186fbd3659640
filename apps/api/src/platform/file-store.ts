import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AwsClient } from 'aws4fetch';
import { ValidationError } from './errors.ts';

/**
 * The file store: uploaded bytes kept outside the database rows, named by their SHA-256 so the
 * same file stored twice is kept once: in one folder (UPLOADS_DIR, by default
 * `<DATA_DIR>/uploads`, which backups include), or in an S3-compatible bucket when S3_BUCKET is
 * set (then the bucket's own versioning or replication keeps the files; backups hold the
 * database only). The database keeps only the hash (and the metadata its module wants). A file's
 * type is read from its first bytes, never from its name or the browser's word.
 *
 *   const store = fileStore(deps.config);              // one per process is enough
 *   const saved = await store.put(bytes, { accept: ATTACHMENT_TYPES, maxBytes: 10 * 1024 * 1024 });
 *     // -> { sha256, size, contentType }, or throws FileRefusedError (400, reason 'type' | 'size')
 *   const file = await store.get(saved.sha256);        // -> { bytes, contentType } or null
 *   sniffType(bytes)                                   // -> 'image/png' ... or null
 *
 * Types: PDF, JPEG, PNG (attachments) and GIF, AVIF (editor images); pass the ones a caller
 * accepts.
 */

export const FILE_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/gif', 'image/avif'] as const;
export type FileType = (typeof FILE_TYPES)[number];

/** What a record's attachments may be. */
export const ATTACHMENT_TYPES = [
  'application/pdf',
  'image/jpeg',
  'image/png',
] as const satisfies readonly FileType[];
/** What the markdown editor's images may be (SPEC: png, jpeg, gif, avif). */
export const EDITOR_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/avif',
] as const satisfies readonly FileType[];

/** A stored file; its type is one of the types the store was asked to accept. */
export type StoredFile<Type extends FileType = FileType> = {
  sha256: string;
  size: number;
  contentType: Type;
};

/** The rules a store checks before it writes: which types by content, and how large at most. */
export type FileRules<Type extends FileType> = { accept: readonly Type[]; maxBytes: number };

/** Refused before anything is written: `reason` says which rule, the message says it to the user. */
export class FileRefusedError extends ValidationError {
  constructor(
    readonly reason: 'type' | 'size' | 'empty',
    message: string,
  ) {
    super(message, { file: [message] });
  }
}

const startsWith = (bytes: Uint8Array, magic: readonly number[], at = 0) =>
  bytes.length >= at + magic.length && magic.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));
const text = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** AVIF: an ISO-BMFF `ftyp` box whose major or a compatible brand is avif (still) or avis (sequence). */
function isAvif(bytes: Uint8Array): boolean {
  if (bytes.length < 16 || text(bytes, 4, 8) !== 'ftyp') return false;
  const boxSize = Math.min(
    ((bytes[0] ?? 0) << 24) | ((bytes[1] ?? 0) << 16) | ((bytes[2] ?? 0) << 8) | (bytes[3] ?? 0),
    bytes.length,
    256,
  );
  const brands = [text(bytes, 8, 12)];
  for (let at = 16; at + 4 <= boxSize; at += 4) brands.push(text(bytes, at, at + 4));
  return brands.some((b) => b === 'avif' || b === 'avis');
}

/** The file's type from its content (magic bytes), or null when it is none of FILE_TYPES. */
export function sniffType(bytes: Uint8Array): FileType | null {
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (isAvif(bytes)) return 'image/avif';
  return null;
}

const NAMES: Record<FileType, string> = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/gif': 'GIF',
  'image/avif': 'AVIF',
};

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB`;

const SHA256 = /^[0-9a-f]{64}$/;

/** What every store does; `fileStore(config)` gives the configured one. */
export interface FileStore {
  /**
   * Checks the bytes (not empty, size, then type by content) and stores them once under their
   * hash; throws FileRefusedError before writing anything.
   */
  put<Type extends FileType>(bytes: Uint8Array, rules: FileRules<Type>): Promise<StoredFile<Type>>;
  /** The stored bytes and their type (read again from the content), or null when absent. */
  get(sha256: string): Promise<{ bytes: Buffer; contentType: FileType | null } | null>;
  has(sha256: string): Promise<boolean>;
  /** Where the files are, for logs: a folder or `s3://bucket/prefix`. */
  describe(): string;
}

const isOneOf = <Type extends FileType>(type: FileType | null, accept: readonly Type[]): type is Type =>
  accept.some((t) => t === type);

function checkFile<Type extends FileType>(bytes: Uint8Array, rules: FileRules<Type>): Type {
  if (bytes.length === 0) throw new FileRefusedError('empty', 'The file is empty.');
  if (bytes.length > rules.maxBytes) {
    throw new FileRefusedError(
      'size',
      `The file is too large (${megabytes(bytes.length)}); at most ${megabytes(rules.maxBytes)} is accepted.`,
    );
  }
  const contentType = sniffType(bytes);
  if (!isOneOf(contentType, rules.accept)) {
    throw new FileRefusedError(
      'type',
      `This file type is not allowed: send ${rules.accept.map((t) => NAMES[t]).join(', ')}.`,
    );
  }
  return contentType;
}

const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Where the bucket is and the key that may write to it (S3_* settings). */
export type BucketSettings = {
  /** The S3 API's address: https://s3.<region>.amazonaws.com, a MinIO or Wasabi server... */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys start with it (`uploads/` by default). */
  prefix: string;
};

/**
 * An S3-compatible bucket (path-style URLs, `<endpoint>/<bucket>/<prefix><2 hex>/<hash>`), each
 * request signed with AWS Signature V4 by aws4fetch. A file already there (HEAD 200) is not sent
 * again. Any answer other than 200/404 is an error naming the bucket and the status.
 */
export class BucketFileStore implements FileStore {
  private readonly client: AwsClient;

  constructor(
    readonly settings: BucketSettings,
    fetchImpl: typeof fetch = fetch,
  ) {
    this.client = new AwsClient({
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
      region: settings.region,
      service: 's3',
    });
    this.send = (url, init) => this.client.sign(url, init).then((request) => fetchImpl(request));
  }

  private readonly send: (url: string, init: RequestInit) => Promise<Response>;

  describe(): string {
    return `s3://${this.settings.bucket}/${this.settings.prefix}`;
  }

  urlOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new ValidationError('Not a file hash');
    const base = this.settings.endpoint.replace(/\/+$/, '');
    return `${base}/${encodeURIComponent(this.settings.bucket)}/${this.settings.prefix}${sha256.slice(0, 2)}/${sha256}`;
  }

  private failed(what: string, response: Response): Error {
    return new Error(`File store ${this.describe()}: ${what} answered ${response.status}`);
  }

  async put<Type extends FileType>(bytes: Uint8Array, rules: FileRules<Type>): Promise<StoredFile<Type>> {
    const contentType = checkFile(bytes, rules);
    const sha256 = sha256Of(bytes);
    if (!(await this.has(sha256))) {
      const response = await this.send(this.urlOf(sha256), {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': contentType, 'x-amz-content-sha256': sha256 },
      });
      if (!response.ok) throw this.failed('PUT', response);
    }
    return { sha256, size: bytes.length, contentType };
  }

  async has(sha256: string): Promise<boolean> {
    const response = await this.send(this.urlOf(sha256), { method: 'HEAD' });
    if (response.status === 404) return false;
    if (!response.ok) throw this.failed('HEAD', response);
    return true;
  }

  async get(sha256: string): Promise<{ bytes: Buffer; contentType: FileType | null } | null> {
    const response = await this.send(this.urlOf(sha256), { method: 'GET' });
    if (response.status === 404) return null;
    if (!response.ok) throw this.failed('GET', response);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (sha256Of(bytes) !== sha256)
      throw new Error(`File store ${this.describe()}: ${sha256} came back changed`);
    return { bytes, contentType: sniffType(bytes) };
  }
}

export class DiskFileStore implements FileStore {
  constructor(readonly dir: string) {}

  describe(): string {
    return this.dir;
  }

  /** Where a hash's bytes live: `<dir>/<first two hex digits>/<hash>`. */
  pathOf(sha256: string): string {
    if (!SHA256.test(sha256)) throw new ValidationError('Not a file hash');
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  /** The write goes to a temporary name first and is renamed into place: a reader never sees half a file. */
  async put<Type extends FileType>(bytes: Uint8Array, rules: FileRules<Type>): Promise<StoredFile<Type>> {
    const contentType = checkFile(bytes, rules);
    const sha256 = sha256Of(bytes);
    const target = this.pathOf(sha256);
    if (!(await this.has(sha256))) {
      await mkdir(path.dirname(target), { recursive: true });
      const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
      try {
        await writeFile(partial, bytes, { mode: 0o600 });
        await rename(partial, target);
      } finally {
        await rm(partial, { force: true });
      }
    }
    return { sha256, size: bytes.length, contentType };
  }

  async has(sha256: string): Promise<boolean> {
    try {
      return (await stat(this.pathOf(sha256))).isFile();
    } catch {
      return false;
    }
  }

  /** The stored bytes and their type (read again from the content), or null when absent. */
  async get(sha256: string): Promise<{ bytes: Buffer; contentType: FileType | null } | null> {
    try {
      const bytes = await readFile(this.pathOf(sha256));
      return { bytes, contentType: sniffType(bytes) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }
}

const stores = new Map<string, FileStore>();

/** The process's store: the bucket when S3 settings are given, else the uploads folder. */
export function fileStore(config: { uploadsDir: string; s3?: BucketSettings | undefined }): FileStore {
  const key = config.s3
    ? `s3:${config.s3.endpoint}/${config.s3.bucket}/${config.s3.prefix}`
    : config.uploadsDir;
  let store = stores.get(key);
  if (!store) {
    store = config.s3 ? new BucketFileStore(config.s3) : new DiskFileStore(config.uploadsDir);
    stores.set(key, store);
  }
  return store;
}
