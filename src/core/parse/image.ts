import { IngestError } from '../errors';
import type { ParsedDocument, Progress } from '../types';
import { noTextReason, ocrPage, readByOcrNote, type GreyImage, type OcrEngine } from '../ocr';
import { parsePdfSource } from './pdf/parse';
import type { PdfSource } from './pdf/source';

/**
 * An image file (a photo or scan of a page) read by OCR: one page, laid out by the PDF layout
 * logic in pixel units. Rejects with 'no-text' when nothing readable was found.
 */
export async function readImageText(
  image: GreyImage,
  engine: OcrEngine,
  fileName: string,
  options: { onProgress?: (p: Progress) => void; signal?: AbortSignal } = {},
): Promise<ParsedDocument> {
  options.onProgress?.({ stage: 'ocr', done: 0, total: 1 });
  const result = await engine.recognize(image.bytes, options.signal);
  const page = ocrPage({ page: 1, width: image.width, height: image.height, items: [] }, image, result);
  options.onProgress?.({ stage: 'ocr', done: 1, total: 1 });
  const source: PdfSource = { title: null, pages: [page], outline: [], ocr: { status: 'done' } };
  if (page.items.length === 0) throw new IngestError('no-text', fileName, noTextReason(source, 'image'));
  const parsed = parsePdfSource(source, fileName);
  // An image is all OCR: saying that its page had no text layer would only puzzle.
  return { ...parsed, kind: 'image', warnings: parsed.warnings.filter((w) => w !== readByOcrNote([1])) };
}
