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
