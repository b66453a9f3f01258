import type { GreyImage } from './engine';

/**
 * Packs RGBA pixels (an ImageData's `data`) into a binary greyscale PGM file, the simplest
 * format the recogniser reads: no compression to spend time on, a third of the bytes of RGB.
 * Transparent pixels count as white paper.
 */
export function encodePgm(width: number, height: number, rgba: ArrayLike<number>): GreyImage {
  if (!(width > 0 && height > 0) || rgba.length < width * height * 4) throw new Error(`bad image size ${width}x${height}`);
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const bytes = new Uint8Array(header.length + width * height);
  bytes.set(header);
  for (let i = 0, o = header.length; i < width * height; i++, o++) {
    const r = rgba[4 * i];
    const g = rgba[4 * i + 1];
    const b = rgba[4 * i + 2];
    const a = rgba[4 * i + 3] / 255;
    // ITU-R BT.601 luma, composited over white.
    const luma = 0.299 * r + 0.587 * g + 0.114 * b;
    bytes[o] = Math.round(luma * a + 255 * (1 - a));
  }
  return { width, height, bytes };
}

/** Pixel size for rendering a page of `width` × `height` points: about 200 dpi, the long side at most `maxSide` pixels. */
export function renderScale(width: number, height: number, maxSide = 2600): number {
  const dpi = 200 / 72;
  const long = Math.max(width, height);
  return long > 0 ? Math.min(dpi, maxSide / long) : dpi;
}
