import { IngestError } from '../../core/errors';
import { type GreyImage, encodePgm } from '../../core/ocr';

/** Larger photos are scaled down to this many pixels: more gains the recogniser nothing and costs memory. */
const MAX_PIXELS = 16_000_000;

/**
 * Decodes a PNG, JPEG or WebP file in a worker (createImageBitmap, OffscreenCanvas), upright
 * as its EXIF orientation says, into the greyscale image the recogniser reads.
 */
export async function decodeImage(bytes: Uint8Array, mime: string, fileName: string): Promise<GreyImage> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(new Blob([bytes as BlobPart], { type: mime || 'application/octet-stream' }));
  } catch (e) {
    throw new IngestError('corrupt', fileName, `This image is damaged or in a format the browser cannot decode (${e instanceof Error ? e.message : String(e)}).`);
  }
  try {
    const shrink = Math.min(1, Math.sqrt(MAX_PIXELS / (bitmap.width * bitmap.height)));
    const width = Math.max(1, Math.round(bitmap.width * shrink));
    const height = Math.max(1, Math.round(bitmap.height * shrink));
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext('2d', { willReadFrequently: true })!;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, width, height);
    context.drawImage(bitmap, 0, 0, width, height);
    return encodePgm(width, height, context.getImageData(0, 0, width, height).data);
  } finally {
    bitmap.close();
  }
}
