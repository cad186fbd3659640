import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  type DictionaryFile,
  dictionaryParams,
  EDITOR,
  editorImageError,
  editorImageParams,
  editorImageReply,
} from '@ushirika/contracts';
import dictionaryEn from 'dictionary-en';
import { API_ROOT } from '../../config.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { fileStore } from '../../platform/file-store.ts';
import { EditorImageRefused, filledEditorMessage, uploadEditorImage } from './upload-image.ts';

const tags = ['editor'];

/**
 * The Hunspell files: English from `dictionary-en` (read by the package at import, about 550 kB),
 * Swahili from apps/api/assets/dictionaries (LibreOffice's sw_TZ from Debian's hunspell-sw, about
 * 630 kB, read at the first request).
 */
const SWAHILI_DIR = path.join(API_ROOT, 'assets', 'dictionaries');
const swahili = new Map<string, Buffer>();
function dictionaryFile(file: DictionaryFile): Buffer {
  if (file === 'en.aff') return Buffer.from(dictionaryEn.aff);
  if (file === 'en.dic') return Buffer.from(dictionaryEn.dic);
  const name = file === 'sw.aff' ? 'sw_TZ.aff' : 'sw_TZ.dic';
  let bytes = swahili.get(name);
  if (!bytes) {
    bytes = readFileSync(path.join(SWAHILI_DIR, name));
    swahili.set(name, bytes);
  }
  return bytes;
}

/**
 * The markdown editor's server side (#18): its spell checker's dictionaries and its image uploads.
 * - GET /editor/dictionaries/en.aff|en.dic|sw.aff|sw.dic: the Hunspell files of the two languages,
 *   from our own server (SPEC's editor fetched English from a public CDN; union offices are often
 *   offline).
 *   Public: an open dictionary, cached a day by the browser.
 * - POST /editor/images: SPEC §7, multipart, the file in field `image`; 200 `{data: {filePath}}` or
 *   400 `{message, error, errors}` where `error` is the key of SPEC's editor message.
 * - GET /editor/images/<sha256>.<ext>: the image, to signed-in users only.
 */
export function editorRoutes(app: ZodApp, deps: AppDeps) {
  const store = fileStore(deps.config);

  app.get(
    '/editor/dictionaries/:file',
    { config: { access: 'public' }, schema: { tags, params: dictionaryParams, hide: true } },
    async (req, reply) => {
      return reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(dictionaryFile(req.params.file));
    },
  );

  app.post(
    '/editor/images',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: editorImageReply, 400: editorImageError },
      },
    },
    async (req, reply) => {
      try {
        const part = req.isMultipart() ? await req.file() : undefined;
        const file =
          part && part.fieldname === EDITOR.imageField
            ? { bytes: await part.toBuffer(), name: part.filename }
            : null;
        return { data: await uploadEditorImage(store, file) };
      } catch (error) {
        if (!(error instanceof EditorImageRefused)) throw error;
        const message = filledEditorMessage(error);
        return reply.code(400).send({ message, error: error.key, errors: { image: [message] } });
      }
    },
  );

  app.get(
    '/editor/images/:name',
    { config: { access: 'signed-in' }, schema: { tags, params: editorImageParams, hide: true } },
    async (req, reply) => {
      const file = await store.get(req.params.name.split('.')[0] ?? '');
      if (!file?.contentType?.startsWith('image/')) throw new NotFoundError('Image not found');
      return reply.type(file.contentType).send(file.bytes);
    },
  );
}
