import {
  dictionaryParams,
  EDITOR,
  editorImageError,
  editorImageParams,
  editorImageReply,
} from '@ushirika/contracts';
import dictionaryEn from 'dictionary-en';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { fileStore } from '../../platform/file-store.ts';
import { EditorImageRefused, filledEditorMessage, uploadEditorImage } from './upload-image.ts';

const tags = ['editor'];

/** The English Hunspell files, read once by the package at import (about 550 kB). */
const DICTIONARY_FILES = { 'en.aff': dictionaryEn.aff, 'en.dic': dictionaryEn.dic } as const;

/**
 * The markdown editor's server side (#18): its spell checker's dictionaries and its image uploads.
 * - GET /editor/dictionaries/en.aff|en.dic: the English Hunspell files of `dictionary-en`, from our
 *   own server (SPEC's editor fetched them from a public CDN; union offices are often offline).
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
        .send(Buffer.from(DICTIONARY_FILES[req.params.file]));
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
