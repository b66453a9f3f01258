import type { OcrLine, OcrResult } from './engine';
import type { PdfPageOcr } from '../parse';

/** A page whose mean confidence is below this is kept, with a warning naming it. */
export const LOW_CONFIDENCE = 60;
/** Below this the page's text is garbage (noise, a photo, handwriting): it is dropped, with a warning. */
export const GARBAGE_CONFIDENCE = 30;
/** A line this unsure is noise even on a good page (a smudge read as "~ ."). */
const NOISE_LINE_CONFIDENCE = 20;

type OcrVerdict = PdfPageOcr['verdict'];

interface OcrJudgement {
  verdict: OcrVerdict;
  /** Mean confidence of the kept lines' characters, 0–100 (0 when nothing was read). */
  confidence: number;
  /** The lines worth indexing: none unless the verdict is 'read' or 'low'. */
  lines: OcrLine[];
}

/** Letters or digits: a line without any is punctuation noise. */
const WORDLIKE = /[\p{L}\p{N}]/u;

/**
 * How far a page's OCR can be trusted. Lines that are noise are left out first; the rest are
 * judged by their mean confidence, weighted by length, so one unsure short line does not sink
 * a page of good prose.
 */
export function judgeOcr(result: OcrResult): OcrJudgement {
  const lines = result.lines.filter((l) => WORDLIKE.test(l.text) && l.confidence >= NOISE_LINE_CONFIDENCE);
  const all = result.lines.filter((l) => WORDLIKE.test(l.text));
  if (all.length === 0) return { verdict: 'blank', confidence: 0, lines: [] };
  const confidence = meanConfidence(lines.length > 0 ? lines : all);
  if (lines.length === 0 || confidence < GARBAGE_CONFIDENCE) return { verdict: 'garbage', confidence, lines: [] };
  return { verdict: confidence < LOW_CONFIDENCE ? 'low' : 'read', confidence, lines };
}

/** Mean of the lines' confidences weighted by their number of non-space characters, rounded to one decimal. */
export function meanConfidence(lines: OcrLine[]): number {
  let chars = 0;
  let weighted = 0;
  for (const l of lines) {
    const n = l.text.replace(/\s+/g, '').length;
    chars += n;
    weighted += n * l.confidence;
  }
  return chars === 0 ? 0 : Math.round((10 * weighted) / chars) / 10;
}
