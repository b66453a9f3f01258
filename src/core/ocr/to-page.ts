import type { PdfPage, PdfTextItem } from '../parse';
import type { OcrLine, OcrResult } from './engine';
import { judgeOcr } from './quality';

/** Cap height over font size for common text faces: a line's top-to-baseline extent is about this share of its font size. */
const CAP_SHARE = 0.7;

/**
 * A page as read by OCR: the recogniser's lines become text runs in the page's own units
 * (points for a PDF page, pixels for an image), so the PDF layout logic builds its paragraphs
 * and headings as for a text layer. `image` is the size of the picture that was read.
 */
export function ocrPage(page: PdfPage, image: { width: number; height: number }, result: OcrResult): PdfPage {
  const judged = judgeOcr(result);
  const scale = page.width > 0 ? image.width / page.width : 1;
  return {
    ...page,
    items: judged.lines.map((l) => lineItem(l, scale)),
    ocr: { confidence: judged.confidence, verdict: judged.verdict },
  };
}

function lineItem(line: OcrLine, scale: number): PdfTextItem {
  const top = line.y0 / scale;
  const bottom = line.y1 / scale;
  const baseline = line.baseline > line.y0 && line.baseline <= line.y1 ? line.baseline / scale : bottom;
  const fontSize = Math.max(1, (baseline - top) / CAP_SHARE);
  return {
    text: line.text.replace(/\s+/g, ' ').trim(),
    x: line.x0 / scale,
    y: baseline,
    width: (line.x1 - line.x0) / scale,
    // Whole points, so the lines of one paragraph share a size (the layout groups by size).
    fontSize: Math.round(fontSize),
    font: 'OCR',
    bold: false,
    italic: false,
    hasEOL: true,
  };
}
