import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Attachment, AttachmentList } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeFarmer, recordCollectionOk } from '../../../test/crop-flow.ts';
import {
  type CropWorld,
  createNoteVia,
  dispatchVia,
  makeCropWorld,
  noteBody,
  weighingOf,
} from '../../../test/crop-flow-lots.ts';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { createBackup } from '../../ops/backup.ts';
import { restoreBackup } from '../../ops/restore.ts';
import { extractTarGz } from '../../ops/tar.ts';

const scratch = mkdtempSync(path.join(tmpdir(), 'ushirika-attachments-'));
const uploads = path.join(scratch, 'uploads');
const MAX = 200_000;

let t: TestApp;
let admin: Session;
let clerk: Session;
let otherManager: Session;
let world: CropWorld;
let noteId: string;
let otherFarmerId: string;
let photo: Buffer;

const base = () => `/collections/delivery-notes/${noteId}/attachments`;

async function upload(token: string, urlPath: string, bytes: Uint8Array, name: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([bytes]), name);
  const response = await fetch(`${t.url}/api${urlPath}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { message: string; data: Attachment; errors?: Record<string, string[]> },
  };
}

async function download(token: string, urlPath: string) {
  const response = await fetch(`${t.url}/api${urlPath}`, { headers: { authorization: `Bearer ${token}` } });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

const attachmentRows = async () =>
  Number(
    (await queryRows(t.db, z.object({ n: z.string() }), sql`select count(*)::text as n from attachments`))[0]
      ?.n,
  );
const storedFiles = () =>
  existsSync(uploads) ? readdirSync(uploads, { recursive: true }).filter((f) => String(f).length > 60) : [];

beforeAll(async () => {
  t = await startTestApp({ UPLOADS_DIR: uploads, ATTACHMENT_MAX_BYTES: String(MAX) });
  admin = await sessionAs(t, 'Administrator');
  world = await makeCropWorld(t, admin);
  clerk = world.society.clerk;
  const collection = await recordCollectionOk(t, clerk.access, weighingOf(world, 0, '250.000'));
  const note = await createNoteVia(
    t,
    clerk.access,
    noteBody(world, { mode: 'explicit', collectionIds: [collection.id] }),
  );
  noteId = note.body.data?.id ?? '';
  const other = await makeAmcos(t, 'Other Society');
  otherManager = await sessionAs(t, 'AMCOS Manager', { amcosId: other.id });
  otherFarmerId = (await makeFarmer(t, admin, other.id)).id;
  // A phone photo of the signed note: 1600 x 1200, the size a clerk's camera sends downscaled.
  photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#2b6cb0' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}, 120_000);

afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('attachments', () => {
  let attached: Attachment;

  it('a clerk attaches a photo to a draft delivery note: stored by hash, listed, downloaded, previewed, audited', async () => {
    const reply = await upload(clerk.access, base(), photo, 'signed note.png');
    expect(reply.status).toBe(201);
    attached = reply.body.data;
    const sha = createHash('sha256').update(photo).digest('hex');
    expect(attached).toMatchObject({
      recordType: 'delivery-note',
      recordId: noteId,
      fileName: 'signed note.png',
      contentType: 'image/png',
      size: photo.length,
      sha256: sha,
      uploadedBy: clerk.userId,
      hasPreview: true,
    });
    expect(readFileSync(path.join(uploads, sha.slice(0, 2), sha)).equals(photo)).toBe(true);

    const list = await t.request<AttachmentList>('GET', base(), { token: clerk.access });
    expect(list.status).toBe(200);
    expect(list.body.locked).toBe(false);
    expect(list.body.maxBytes).toBe(MAX);
    expect(list.body.data.map((a) => a.id)).toEqual([attached.id]);

    const file = await download(clerk.access, `${base()}/${attached.id}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toContain('filename="signed note.png"');
    expect(file.bytes.equals(photo)).toBe(true);

    const preview = await download(clerk.access, `${base()}/${attached.id}/preview`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(preview.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(480);
    expect(preview.bytes.length).toBeLessThan(photo.length);

    const [event] = await queryRows(
      t.db,
      z.object({ actor_id: z.string(), after: z.object({ sha256: z.string(), attachment: z.string() }) }),
      sql`select actor_id, after from audit_events
          where action = 'attachment_added' and entity = 'delivery_note' and entity_id = ${noteId}`,
    );
    expect(event?.actor_id).toBe(clerk.userId);
    expect(event?.after).toMatchObject({ sha256: sha, attachment: 'signed note.png' });
  });

  it('reads the type from the content: a web page named .png is refused, a PNG named .pdf is a PNG', async () => {
    const rows = await attachmentRows();
    const files = storedFiles().length;
    const page = Buffer.from('<html><script>alert(1)</script></html>');
    const refused = await upload(clerk.access, base(), page, 'photo.png');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('This file type is not allowed: send PDF, JPEG, PNG.');
    expect(refused.body.errors?.file).toBeDefined();
    const gif = await upload(clerk.access, base(), Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'a.gif');
    expect(gif.status).toBe(400);
    const damaged = Buffer.concat([photo.subarray(0, 8), Buffer.from('not really a picture')]);
    const broken = await upload(clerk.access, base(), damaged, 'photo.png');
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^The image could not be read/);
    expect(await attachmentRows()).toBe(rows);
    expect(storedFiles().length).toBe(files);

    const small = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const misnamed = await upload(clerk.access, base(), small, 'scan.pdf');
    expect(misnamed.status).toBe(201);
    expect(misnamed.body.data.contentType).toBe('image/png');
    const pdf = await upload(clerk.access, base(), Buffer.from('%PDF-1.4\n%%EOF\n'), 'note.pdf');
    expect(pdf.status).toBe(201);
    expect(pdf.body.data).toMatchObject({ contentType: 'application/pdf', hasPreview: false });
    expect((await download(clerk.access, `${base()}/${pdf.body.data.id}/preview`)).status).toBe(404);
  });

  it('refuses a file over the size setting, and a request without a file, writing nothing', async () => {
    const rows = await attachmentRows();
    const files = storedFiles().length;
    const big = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX, 0x20)]);
    const tooBig = await upload(clerk.access, base(), big, 'big.pdf');
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toMatch(/^The file is too large \(0\.2 MB\); at most 0\.2 MB is accepted\.$/);
    const json = await t.request('POST', base(), { token: clerk.access, body: { file: 'x' } });
    expect(json.status).toBe(400);
    const wrongField = await upload(clerk.access, base(), photo, 'a.png', 'image');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('You must select a file.');
    expect(await attachmentRows()).toBe(rows);
    expect(storedFiles().length).toBe(files);
  });

  it("another society's user can neither list, read, add nor remove the note's attachments", async () => {
    const rows = await attachmentRows();
    const paths = [base(), `${base()}/${attached.id}/file`, `${base()}/${attached.id}/preview`];
    for (const p of paths) {
      const reply = await download(otherManager.access, p);
      expect(reply.status, p).toBe(403);
      expect(reply.bytes.includes(photo.subarray(0, 64))).toBe(false);
    }
    expect((await upload(otherManager.access, base(), photo, 'x.png')).status).toBe(403);
    const removed = await t.request('DELETE', `${base()}/${attached.id}`, { token: otherManager.access });
    expect(removed.status).toBe(403);
    expect(await attachmentRows()).toBe(rows);
    // Their own farmer takes an ID copy; union-only records stay closed to them whatever the id.
    expect(
      (
        await upload(
          otherManager.access,
          `/collections/farmers/${otherFarmerId}/attachments`,
          photo,
          'id.png',
        )
      ).status,
    ).toBe(201);
    const journal = await t.request('GET', `/accounts/journal-entries/${noteId}/attachments`, {
      token: otherManager.access,
    });
    expect(journal.status).toBe(403);
    // An attachment id under another record is not found, even for union staff.
    const elsewhere = await download(
      admin.access,
      `/collections/farmers/${otherFarmerId}/attachments/${attached.id}/file`,
    );
    expect(elsewhere.status).toBe(404);
  });

  it('a draft may lose an attachment; once dispatched the note keeps them all and may only gain more', async () => {
    const extra = await upload(clerk.access, base(), Buffer.from('%PDF-1.7\nwrong page\n'), 'wrong.pdf');
    expect(extra.status).toBe(201);
    const removed = await t.request('DELETE', `${base()}/${extra.body.data.id}`, { token: clerk.access });
    expect(removed.status).toBe(200);
    const [gone] = await queryRows(
      t.db,
      z.object({ before: z.object({ attachment: z.string() }) }),
      sql`select before from audit_events where action = 'attachment_removed' and entity_id = ${noteId}`,
    );
    expect(gone?.before.attachment).toBe('wrong.pdf');

    const dispatched = await dispatchVia(t, clerk.access, noteId);
    expect(dispatched.status).toBe(200);
    const list = await t.request<AttachmentList>('GET', base(), { token: clerk.access });
    expect(list.body.locked).toBe(true);
    const count = list.body.data.length;

    const refused = await t.request<{ message: string }>('DELETE', `${base()}/${attached.id}`, {
      token: admin.access,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/posted or approved/);
    const added = await upload(
      clerk.access,
      base(),
      Buffer.from('%PDF-1.7\nreceived copy\n'),
      'received.pdf',
    );
    expect(added.status).toBe(201);
    const after = await t.request<AttachmentList>('GET', base(), { token: clerk.access });
    expect(after.body.data.length).toBe(count + 1);
    expect(after.body.data.map((a) => a.id)).toContain(attached.id);
  });

  it('a backup carries the stored files beside the database, and a restore puts them back', async () => {
    const result = await createBackup({
      database: t.database,
      databaseUrl: t.database.url,
      dataDir: path.join(scratch, 'data'),
      uploadsDir: uploads,
      dir: path.join(scratch, 'backups'),
      version: '0.0.0-test',
    });
    const member = `uploads/${attached.sha256.slice(0, 2)}/${attached.sha256}`;
    expect(result.manifest.members.find((m) => m.name === member)).toMatchObject({
      sha256: attached.sha256,
      size: photo.length,
    });
    expect(result.manifest.tables['public.attachments']).toBe(await attachmentRows());
    const extracted = await extractTarGz(result.file, path.join(scratch, 'extracted'));
    const file = extracted.find((m) => m.name === member);
    expect(file && readFileSync(file.file).equals(photo)).toBe(true);

    // Restored into a fresh target, the files land in its uploads folder under the same names.
    const adminUrl = process.env.DATABASE_URL;
    const restoredDb = `ushirika_restore_att_${process.pid}`;
    const restoredUrl = adminUrl
      ? Object.assign(new URL(adminUrl), { pathname: `/${restoredDb}` }).href
      : undefined;
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(statement).finally(() => client.end());
    };
    if (adminUrl) await admin(`create database ${restoredDb}`);
    try {
      const restoredUploads = path.join(scratch, 'restored-uploads');
      await restoreBackup({
        file: result.file,
        dataDir: path.join(scratch, 'restored-data'),
        uploadsDir: restoredUploads,
        databaseUrl: restoredUrl,
      });
      const sha = attached.sha256;
      expect(readFileSync(path.join(restoredUploads, sha.slice(0, 2), sha)).equals(photo)).toBe(true);
    } finally {
      if (adminUrl) await admin(`drop database if exists ${restoredDb} with (force)`);
    }
  }, 120_000);
});
