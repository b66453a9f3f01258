import type { Chunk } from '../../core/types';
import { ocrLabel, sectionLabel } from '../format';
import { pagesPhrase } from '../source-note';

/** Where a cited passage is, in a line: its pages, its section, and how its text was read. */
export function passagePlace(chunk: Pick<Chunk, 'pageStart' | 'pageEnd' | 'sectionPath' | 'ocr'>): string {
  const pages = chunk.pageStart !== undefined ? pagesPhrase(chunk.pageStart, chunk.pageEnd).replace(/^p/, 'P') : '';
  const section = chunk.sectionPath.length > 0 ? `${chunk.pageStart !== undefined ? ' · ' : ''}${sectionLabel(chunk.sectionPath)}` : '';
  const ocr = chunk.ocr ? ` · read by ${ocrLabel(chunk.ocr)}` : '';
  return `${pages}${section}${ocr}`;
}
