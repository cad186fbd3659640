import { z } from 'zod';

/**
 * The markdown editor (SPEC §1, §5, §7, §8 "Editor messages", §9 constants): the values both apps
 * use, so the web component, the upload route and the test listing SPEC's constants read one list.
 */
export const EDITOR = {
  /** Minimum editor height. */
  minHeight: '300px',
  /** Autosave: a unique id per document, saved after 1000 ms, under `smde_<id>` in local storage. */
  autosaveDelayMs: 1000,
  autosaveKeyPrefix: 'smde_',
  autosavedText: 'Autosaved: ',
  statusItems: ['autosave', 'lines', 'words', 'cursor'] as const,
  tabSize: 2,
  /** Image upload: multipart POST, the file in field `image`, refused above 2 MB. */
  imageField: 'image',
  imageMaxBytes: 2_097_152,
  imageTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/avif'] as const,
  /** The editor's own upload status message ("Uploaded x.png") goes back after 1 second. */
  uploadStatusResetMs: 1000,
  /** Error messages stay in the status bar for 10 seconds. */
  errorStatusMs: 10_000,
  modes: ['preview', 'side-by-side', 'fullscreen'] as const,
} as const;

/**
 * SPEC §8 "Editor messages", word for word (`#image_name#`, `#image_size#`, `#image_max_size#` are
 * filled in by the editor). The keys are EasyMDE's; the upload route answers `{error: <key>}`.
 */
export const EDITOR_MESSAGES = {
  noFileGiven: 'You must select a file.',
  typeNotAllowed: 'This image type is not allowed.',
  fileTooLarge: 'Image #image_name# is too big (#image_size#).\nMaximum file size is #image_max_size#.',
  importError: 'Something went wrong when uploading the image #image_name#.',
} as const;
export type EditorErrorKey = keyof typeof EDITOR_MESSAGES;

/**
 * Languages whose spell-checking dictionary the server serves: English (`dictionary-en`) and
 * Swahili (LibreOffice's sw_TZ, from Debian's hunspell-sw, kept in apps/api/assets/dictionaries).
 */
export const SPELL_CHECK_LANGUAGES = ['en', 'sw'] as const;
export type SpellCheckLanguage = (typeof SPELL_CHECK_LANGUAGES)[number];

/** SPEC §3: "either an error or data with filePath". */
export const editorImageReply = z.object({ data: z.object({ filePath: z.string() }) });
/** A refusal: SPEC's message first, `error` the key of the editor message (absent on other 400s). */
export const editorImageError = z.object({
  message: z.string(),
  error: z.enum(['noFileGiven', 'typeNotAllowed', 'fileTooLarge', 'importError']).optional(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export const editorImageParams = z.object({
  name: z.string().regex(/^[0-9a-f]{64}\.(png|jpg|gif|avif)$/, 'Not an editor image'),
});
export const dictionaryParams = z.object({
  file: z.enum(['en.aff', 'en.dic', 'sw.aff', 'sw.dic']),
});
export type DictionaryFile = z.infer<typeof dictionaryParams>['file'];
