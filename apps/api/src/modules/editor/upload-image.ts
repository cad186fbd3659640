import { EDITOR, EDITOR_MESSAGES, type EditorErrorKey } from '@ushirika/contracts';
import {
  EDITOR_IMAGE_TYPES,
  FileRefusedError,
  type FileStore,
  type FileType,
} from '../../platform/file-store.ts';

const EXTENSIONS: Partial<Record<FileType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/avif': 'avif',
};

/** Where the web app reads an uploaded image back (signed-in users only). */
export const editorImagePath = (sha256: string, contentType: FileType) =>
  `api/editor/images/${sha256}.${EXTENSIONS[contentType] ?? 'bin'}`;

/** A refused upload: the SPEC message's key (the editor fills in the name and sizes) and its text. */
export class EditorImageRefused extends Error {
  constructor(
    readonly key: EditorErrorKey,
    readonly fileName: string,
    readonly size: number,
  ) {
    super(EDITOR_MESSAGES[key]);
  }
}

/**
 * Stores an editor image in the file store (outside database rows, so backups carry it with the
 * other uploads): at most 2,097,152 bytes, PNG/JPEG/GIF/AVIF by content. Returns the path the
 * editor inserts into the markdown. The same image uploaded twice is kept once.
 */
export async function uploadEditorImage(
  store: FileStore,
  file: { bytes: Uint8Array; name: string } | null,
): Promise<{ filePath: string }> {
  if (!file || file.bytes.length === 0) throw new EditorImageRefused('noFileGiven', file?.name ?? '', 0);
  if (file.bytes.length > EDITOR.imageMaxBytes) {
    throw new EditorImageRefused('fileTooLarge', file.name, file.bytes.length);
  }
  try {
    const saved = await store.put(file.bytes, { accept: EDITOR_IMAGE_TYPES, maxBytes: EDITOR.imageMaxBytes });
    return { filePath: editorImagePath(saved.sha256, saved.contentType) };
  } catch (error) {
    if (error instanceof FileRefusedError) {
      const key: EditorErrorKey =
        error.reason === 'size'
          ? 'fileTooLarge'
          : error.reason === 'empty'
            ? 'noFileGiven'
            : 'typeNotAllowed';
      throw new EditorImageRefused(key, file.name, file.bytes.length);
    }
    throw error;
  }
}

/** A size as EasyMDE writes it in its messages (humanFileSize): "512 B", "2.0 MB". */
export function humanFileSize(bytes: number): string {
  const units = [' B', ' KB', ' MB'];
  if (Math.abs(bytes) < 1024) return `${bytes}${units[0]}`;
  let value = bytes;
  let unit = 0;
  do {
    value /= 1024;
    unit += 1;
  } while (Math.abs(value) >= 1024 && unit < units.length - 1);
  return `${value.toFixed(1)}${units[unit]}`;
}

/** SPEC's message with the editor's placeholders filled in, as EasyMDE shows it. */
export function filledEditorMessage(error: EditorImageRefused): string {
  return error.message
    .replace('#image_name#', error.fileName)
    .replace('#image_size#', humanFileSize(error.size))
    .replace('#image_max_size#', humanFileSize(EDITOR.imageMaxBytes));
}
