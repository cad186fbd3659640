import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EDITOR, EDITOR_MESSAGES } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { type Session, type TestApp, useTestAppWithClerk } from '../../../test/harness.ts';
import { upload } from '../../../test/master-data.ts';

// 1x1 transparent PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

let t: TestApp;
let admin: Session;
let clerk: Session;

useTestAppWithClerk(
  (s) => {
    ({ t, admin, clerk } = s);
  },
  { UPLOADS_DIR: mkdtempSync(path.join(tmpdir(), 'editor-uploads-')) },
);

describe("SPEC's editor constants and messages", () => {
  it('are all present, with SPEC values', () => {
    expect(EDITOR).toMatchObject({
      minHeight: '300px',
      autosaveDelayMs: 1000,
      autosaveKeyPrefix: 'smde_',
      autosavedText: 'Autosaved: ',
      statusItems: ['autosave', 'lines', 'words', 'cursor'],
      tabSize: 2,
      imageField: 'image',
      imageMaxBytes: 2097152,
      imageTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/avif'],
      uploadStatusResetMs: 1000,
      errorStatusMs: 10000,
      modes: ['preview', 'side-by-side', 'fullscreen'],
    });
    // SPEC §8 "Editor messages", word for word (EasyMDE fills the #placeholders#).
    const filled = (m: string) =>
      m
        .replace('#image_name#', '{name}')
        .replace('#image_size#', '{size}')
        .replace('#image_max_size#', '{max}')
        .replace('\n', ' ');
    expect(Object.values(EDITOR_MESSAGES).map(filled)).toEqual([
      'You must select a file.',
      'This image type is not allowed.',
      'Image {name} is too big ({size}). Maximum file size is {max}.',
      'Something went wrong when uploading the image {name}.',
    ]);
  });
});

describe('editor image upload', () => {
  it('stores a PNG sent in field image and serves it back to signed-in users only', async () => {
    const r = await upload<{ data: { filePath: string } }>(
      t,
      '/editor/images',
      { name: 'map.png', type: 'image/png', bytes: PNG },
      admin.access,
      'image',
    );
    expect(r.status).toBe(200);
    expect(r.body.data.filePath).toMatch(/^api\/editor\/images\/[0-9a-f]{64}\.png$/);
    const again = await upload<{ data: { filePath: string } }>(
      t,
      '/editor/images',
      { name: 'copy.png', type: 'image/png', bytes: PNG },
      clerk.access,
      'image',
    );
    expect(again.body.data.filePath).toBe(r.body.data.filePath);
    const url = `/${r.body.data.filePath.replace(/^api\//, '')}`;
    const served = await t.request('GET', url, { token: clerk.access });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(served.raw)).toEqual(PNG);
    expect((await t.request('GET', url)).status).toBe(401);
    const unknown = await t.request('GET', `/editor/images/${'0'.repeat(64)}.png`, { token: admin.access });
    expect(unknown.status).toBe(404);
  });

  it("refuses a wrong type, a file over 2,097,152 bytes and no file with SPEC's messages", async () => {
    const text = await upload(
      t,
      '/editor/images',
      { name: 'notes.png', type: 'image/png', bytes: 'not really a picture' },
      admin.access,
      'image',
    );
    expect(text).toEqual({
      status: 400,
      body: {
        message: 'This image type is not allowed.',
        error: 'typeNotAllowed',
        errors: { image: ['This image type is not allowed.'] },
      },
    });
    const big = new Uint8Array(EDITOR.imageMaxBytes + 1);
    big.set(PNG);
    const tooBig = await upload(
      t,
      '/editor/images',
      { name: 'big.png', type: 'image/png', bytes: big },
      admin.access,
      'image',
    );
    expect(tooBig).toMatchObject({
      status: 400,
      body: {
        message: 'Image big.png is too big (2.0 MB).\nMaximum file size is 2.0 MB.',
        error: 'fileTooLarge',
      },
    });
    const exactly = new Uint8Array(EDITOR.imageMaxBytes);
    exactly.set(PNG);
    expect(
      (
        await upload(
          t,
          '/editor/images',
          { name: 'max.png', type: 'image/png', bytes: exactly },
          admin.access,
          'image',
        )
      ).status,
    ).toBe(200);
    const wrongField = await upload(
      t,
      '/editor/images',
      { name: 'map.png', type: 'image/png', bytes: PNG },
      admin.access,
      'file',
    );
    expect(wrongField).toMatchObject({
      status: 400,
      body: { message: 'You must select a file.', error: 'noFileGiven' },
    });
    const anonymous = await upload(
      t,
      '/editor/images',
      { name: 'a.png', type: 'image/png', bytes: PNG },
      '',
      'image',
    );
    expect(anonymous.status).toBe(401);
  });
});

describe('spell checker dictionaries', () => {
  it('serves the English affix and word list from our own server', async () => {
    const aff = await t.request('GET', '/editor/dictionaries/en.aff');
    expect(aff.status).toBe(200);
    expect(new TextDecoder().decode(aff.raw)).toMatch(/^SET UTF-8/);
    const dic = await t.request('GET', '/editor/dictionaries/en.dic');
    expect(dic.status).toBe(200);
    const words = new TextDecoder().decode(dic.raw).split('\n');
    expect(words[0]).toMatch(/^\d{5,}$/);
    expect(words).toContain('cooperative/PMYS');
    expect((await t.request('GET', '/editor/dictionaries/fr.dic')).status).toBe(400);
  });

  it("serves LibreOffice's Swahili dictionary (Debian's hunspell-sw), the files the repository keeps (#37)", async () => {
    const sha256 = (bytes: ArrayBuffer) => createHash('sha256').update(Buffer.from(bytes)).digest('hex');
    const aff = await t.request('GET', '/editor/dictionaries/sw.aff');
    const dic = await t.request('GET', '/editor/dictionaries/sw.dic');
    expect([aff.status, dic.status]).toEqual([200, 200]);
    expect(aff.headers.get('cache-control')).toBe('public, max-age=86400');
    // The checksums of hunspell-sw 1:7.5.0-1's files, as apps/api/assets/dictionaries/README.md says.
    expect(sha256(aff.raw)).toBe('1626aaf2b428ebcc6112abe742e95d4ebcc6576af65fad3ba2d32ddb403f3049');
    expect(sha256(dic.raw)).toBe('e17d7c89fc5479198692d73aef8c23edd20d441347311a79befd67f79be62c28');
    const words = new TextDecoder().decode(dic.raw).split('\n');
    expect(words[0]).toBe('67900');
    expect(words).toEqual(expect.arrayContaining(['mkulima', 'wakulima', 'pembejeo', 'stakabadhi']));
  });
});
