import sharp from 'sharp';

/** The longest side of a preview, in pixels: a phone photo (4000 px, 3-5 MB) becomes ~30-60 kB. */
export const PREVIEW_SIZE = 640;

/**
 * A downscaled JPEG of an image attachment for lists and previews: turned upright from its EXIF
 * orientation (phone photos), never enlarged, metadata (GPS, camera) dropped.
 */
export async function previewOf(bytes: Buffer): Promise<Buffer> {
  return sharp(bytes, { limitInputPixels: 100_000_000 })
    .rotate()
    .resize({ width: PREVIEW_SIZE, height: PREVIEW_SIZE, fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 78, mozjpeg: true })
    .toBuffer();
}

/** Whether the image decodes (its header and size): a file with a PNG or JPEG start but damaged bytes does not. */
export async function isReadableImage(bytes: Buffer): Promise<boolean> {
  try {
    const meta = await sharp(bytes, { limitInputPixels: 100_000_000 }).metadata();
    return Boolean(meta.width && meta.height);
  } catch {
    return false;
  }
}

const CACHE_ENTRIES = 200;
const cache = new Map<string, Buffer>();

/**
 * The preview of the stored file `sha256`, kept in memory for the next reader (the 200 most recent,
 * ~60 kB each): a list of photos costs one downscale per file and process, not one per view.
 * `read` gives the original bytes, or null when they are missing.
 */
export async function cachedPreview(
  sha256: string,
  read: () => Promise<Buffer | null>,
): Promise<Buffer | null> {
  const hit = cache.get(sha256);
  if (hit) {
    cache.delete(sha256);
    cache.set(sha256, hit);
    return hit;
  }
  const bytes = await read();
  if (!bytes) return null;
  const preview = await previewOf(bytes);
  cache.set(sha256, preview);
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return preview;
}
