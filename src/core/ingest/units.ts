import type { SectionSpan, Sentence } from '../types';
import { segmentSentences } from '../text';
import { toUnits, packTableRows } from '../chunk';

/**
 * The units a document is embedded and chunked by: sentences, long ones split to fit
 * maxChars, and the rows of each table packed together.
 */
export function documentUnits(text: string, sections: SectionSpan[], maxChars: number): Sentence[] {
  return packTableRows(text, toUnits(text, segmentSentences(text), maxChars), maxChars, sections);
}
