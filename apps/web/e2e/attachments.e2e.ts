import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  amcosWithClerk,
  cashewSeasonCrop,
  createFarmer,
  createTransporter,
  createWarehouse,
  type SeasonCrop,
  tag,
  weighCollection,
} from './crop-flow-fixtures.ts';
import { adminToken, api, launchBrowser, must, signedIn } from './support.ts';

/**
 * Issue #17, "a clerk photographs a signed delivery note into its record": in English and in
 * Swahili the clerk opens a draft delivery note, takes the photo through the camera control (a
 * PNG fixture stands in for the camera), sees it listed with its downscaled preview, and sees a
 * file that is not a PDF, JPEG or PNG refused in their language.
 */

const TEXT = {
  en: {
    section: 'Attachments',
    empty: 'No documents attached yet.',
    added: 'Attachment signed-note.png added',
    refused: 'This file type is not allowed: attach a PDF, JPEG or PNG.',
    history: 'Attachment added',
  },
  sw: {
    section: 'Viambatisho',
    empty: 'Bado hakuna nyaraka zilizoambatishwa.',
    added: 'Kiambatisho signed-note.png kimeongezwa',
    refused: 'Aina hii ya faili hairuhusiwi: ambatisha PDF, JPEG au PNG.',
    history: 'Kiambatisho kimeongezwa',
  },
} as const;

let browser: Browser;
let clerk: { email: string; password: string };
let clerkToken: string;
let crop: SeasonCrop;
let token: string;
let transporter: { id: string; vehicleId: string };
let warehouseId: string;
let farmerNo: string;
const files = mkdtempSync(path.join(tmpdir(), 'ushirika-e2e-attach-'));
const photo = path.join(files, 'signed-note.png');
const notAnImage = path.join(files, 'not-a-photo.png');

beforeAll(async () => {
  browser = await launchBrowser();
  token = await adminToken();
  crop = await cashewSeasonCrop(token);
  const made = await amcosWithClerk(token, `Nanyamba AMCOS ${tag()}`);
  clerk = made.clerk;
  clerkToken = made.clerkToken;
  farmerNo = (
    await createFarmer(token, { amcosId: made.society.id, firstName: 'Mwanaisha', lastName: 'Hamisi' })
  ).farmerNo;
  transporter = await createTransporter(token, {
    name: `Ruvuma Haulage ${tag()}`,
    rate: '45.00',
    plateNo: `T ${100 + Math.floor(Math.random() * 800)} ATT`,
  });
  warehouseId = (await createWarehouse(token, { name: `Mtwara Warehouse ${tag()}`, operator: 'TANECU' })).id;
  // The fixture: a 1600 x 1200 PNG, as a phone camera's photo of the signed paper.
  const page = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200"><rect width="1600" height="1200" fill="#f4f1e8"/><text x="120" y="200" font-size="90">DELIVERY NOTE - signed</text><path d="M200 900 C 400 700, 600 1100, 900 850" stroke="#1a3d7c" stroke-width="12" fill="none"/></svg>`,
  );
  writeFileSync(photo, await sharp(page).png().toBuffer());
  writeFileSync(notAnImage, '<html><body>not a photo</body></html>');
}, 120_000);
afterAll(async () => {
  await browser.close();
  rmSync(files, { recursive: true, force: true });
});

/** A draft delivery note of one fresh collection, made by the clerk over the API. */
async function draftNote(): Promise<string> {
  const collectionId = await weighCollection(clerkToken, crop, {
    farmerNo,
    bags: 2,
    grossKg: '102',
    tareKg: '2',
    moisture: '8.0',
  });
  const note = await must(
    api<{ data: { id: string } }>(
      'POST',
      '/collections/delivery-notes',
      {
        seasonCropId: crop.seasonCropId,
        warehouseId,
        transporterId: transporter.id,
        vehicleId: transporter.vehicleId,
        driverName: 'Said Dereva',
        driverPhone: '0754123456',
        selection: { mode: 'explicit', collectionIds: [collectionId] },
      },
      clerkToken,
    ),
    'delivery note',
  );
  return note.data.id;
}

describe('attachments in the browser', () => {
  for (const lang of ['en', 'sw'] as const) {
    it(`a clerk photographs the signed delivery note into its record (${lang})`, async () => {
      const text = TEXT[lang];
      const noteId = await draftNote();
      const page = await signedIn(browser, clerk);
      await page.evaluate((l) => window.localStorage.setItem('i18n_locale', l), lang);
      await page.goto(`/collections/crop-DNs/${noteId}/details`);
      const section = page.getByTestId('attachments');
      await section.getByRole('heading', { name: text.section }).waitFor();
      await section.getByText(text.empty).waitFor();

      // One control: files (PDF, JPEG, PNG) and the phone's back camera.
      const camera = section.getByTestId('attach-photo');
      expect(await camera.getAttribute('capture')).toBe('environment');
      expect(await camera.getAttribute('accept')).toBe('image/jpeg,image/png');
      expect(await section.getByTestId('attach-file').getAttribute('accept')).toBe(
        'application/pdf,image/jpeg,image/png',
      );

      const uploaded = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/collections/delivery-notes/${noteId}/attachments`) &&
          r.request().method() === 'POST',
      );
      await camera.setInputFiles(photo);
      expect((await uploaded).status()).toBe(201);
      await page.getByText(text.added).waitFor();
      const rows = section.getByTestId('attachment-row');
      await rows.getByText('signed-note.png').waitFor();
      expect(await rows.count()).toBe(1);

      // The list shows the server's downscaled preview; a click shows it large.
      const thumbnail = rows.first().getByTestId('attachment-preview');
      await thumbnail.waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="attachment-preview"]') as HTMLImageElement | null)
            ?.naturalWidth,
      );
      const natural = await thumbnail.evaluate((img) => [
        (img as HTMLImageElement).naturalWidth,
        (img as HTMLImageElement).naturalHeight,
      ]);
      expect(natural).toEqual([640, 480]);
      await thumbnail.click();
      await page.getByTestId('attachment-preview-large').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('attachment-preview-large').waitFor({ state: 'detached' });

      // A web page named .png is refused by its content, in the user's language; nothing is added.
      const refused = page.waitForResponse(
        (r) =>
          r.url().endsWith(`/api/collections/delivery-notes/${noteId}/attachments`) &&
          r.request().method() === 'POST',
      );
      await section.getByTestId('attach-file').setInputFiles(notAnImage);
      expect((await refused).status()).toBe(400);
      await page.getByText(text.refused).waitFor();
      expect(await rows.count()).toBe(1);

      // The record's history names the attachment.
      await page.getByText(text.history).first().waitFor();
      await page.context().close();
    });
  }
});
