import type { Chunk, OcrMark } from '../core/types';

export { describeBytes } from '../services/limits';
/** File names are shown without bidi controls, which could disguise their extension. */
export { stripBidiControls as fileName } from '../core/text';

export function pagesLabel(c: Pick<Chunk, 'pageStart' | 'pageEnd'>): string {
  if (c.pageStart === undefined) return '';
  return c.pageStart === c.pageEnd ? `p. ${c.pageStart}` : `pp. ${c.pageStart}–${c.pageEnd}`;
}

export function sectionLabel(path: string[]): string {
  return path.join(' › ');
}

export function score(n: number | undefined, digits = 3): string {
  return n === undefined ? '—' : n.toFixed(digits);
}

export const STAGE_LABEL: Record<string, string> = {
  reading: 'Reading',
  parsing: 'Parsing',
  ocr: 'OCR',
  sectioning: 'The language model is finding its sections',
  describing: 'The language model is describing it',
  model: 'Loading model',
  embedding: 'Embedding',
  chunking: 'Chunking',
  indexing: 'Indexing',
  saving: 'Saving',
};

/** A job's stage as its row shows it; OCR names the page being read ("OCR page 2 / 5"). */
export function stageText(e: { stage: string; done?: number; total?: number }): string {
  if (e.stage === 'ocr' && e.total) return `OCR page ${Math.min((e.done ?? 0) + 1, e.total)} / ${e.total}`;
  return STAGE_LABEL[e.stage] ?? e.stage;
}

/** "OCR 87%": text read from a scan, with the recogniser's confidence. */
export function ocrLabel(ocr: OcrMark): string {
  return `OCR ${Math.round(ocr.confidence)}%`;
}

/** 1 → "1st", 22 → "22nd", 13 → "13th", 12.5 → "12.5th". */
function ordinal(n: number): string {
  const last = n % 100;
  const suffix = !Number.isInteger(n) || (last >= 11 && last <= 13) ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** The semantic chunker's θ as the inspector labels it: as set, or as a percentile of the document's similarities came to. */
export function thetaText(threshold: number, percentile?: number): string {
  return percentile === undefined ? `θ = ${threshold}` : `θ = ${threshold.toFixed(3)}, the ${ordinal(percentile)} percentile`;
}
