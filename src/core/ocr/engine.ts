/**
 * The OCR engine as the rest of Sieve sees it: encoded pixels in, lines of text with their
 * positions and confidences out. Pure types; the tesseract.js adapter implements it.
 */

/** A line of recognised text. Coordinates in the image's pixels, origin top-left. */
export interface OcrLine {
  text: string;
  /** Mean confidence of its words, 0–100. */
  confidence: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  /** The baseline's height from the top of the image (at the line's left end). */
  baseline: number;
}

export interface OcrResult {
  /** In reading order, as the recogniser found them. */
  lines: OcrLine[];
}

/** An image prepared for the recogniser: a greyscale PGM file and its size in pixels. */
export interface GreyImage {
  width: number;
  height: number;
  /** A binary PGM (P5) file. */
  bytes: Uint8Array;
}

export interface OcrEngine {
  /**
   * Reads the text of one image (the bytes of a PGM, PNG, JPEG, WebP or BMP file). Rejects with an AbortError
   * when `signal` is aborted, promptly (the work under way is dropped).
   */
  recognize(image: Uint8Array, signal?: AbortSignal): Promise<OcrResult>;
}
