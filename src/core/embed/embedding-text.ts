import { isTableRow } from '../chunk';

/** Units that may follow a figure in a cell ("(80) bps", "2.5x"). */
const FIGURE_UNIT = /(bps|bp|pts|x)\s*$/i;
/** Currency signs, signs, brackets, separators and footnote stars around a figure. */
const FIGURE_PUNCTUATION = /[\s$€£¥()%,.+\-\u2212\u2013\u2014*]/g;

/** A cell holding only a figure: amounts, percentages, ratios, dashes, footnote marks. */
function isFigure(cell: string): boolean {
  return /^\d*$/.test(cell.replace(FIGURE_UNIT, '').replace(FIGURE_PUNCTUATION, ''));
}
/** Years and fiscal periods say which column is which, so they stay. */
const PERIOD = /^\s*(FY\s?)?(19|20)\d\d\s*$/i;

/**
 * The text a sentence encoder sees for a unit or chunk. Table rows lose their figure-only
 * cells: the sentence encoder cannot read amounts (SentencePiece cuts "173,760" into several
 * meaningless pieces), they carry no topical meaning, and in a filing they are a large share of
 * all tokens, so dropping them makes embedding faster without losing what dense retrieval can
 * use. Row labels, column headings and years remain; BM25 still indexes the full text. Prose
 * is unchanged. A unit that would become empty keeps its original text.
 */
export function embeddingText(text: string): string {
  if (!text.includes(' | ')) return text;
  const lines = text.split('\n').map((line) => {
    if (!isTableRow(line)) return line;
    return line
      .split(' | ')
      .filter((cell) => PERIOD.test(cell) || !isFigure(cell))
      .map((cell) => cell.trim())
      .join(' | ');
  });
  const out = lines.filter((l) => l.trim() !== '').join('\n');
  return out.trim() === '' ? text : out;
}
