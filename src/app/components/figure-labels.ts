import type { AskResult, CandidateRow } from '../../core/pipeline';
import type { Chunk } from '../../core/types';
import type { CitationMark } from '../../core/attribution';
import { cellKey, figureCells, inputPeriodText, inputValueText } from '../../core/compute';

/** One input of a computed figure as the Ask view lists it. */
export interface FigureInputLine {
  key: string;
  label: string;
  /** "FY2019 · page 70". */
  where: string;
  raw: string;
  source?: number;
  /** The passage the source viewer opens: the input's table row on its page. */
  passage?: Chunk;
  /** The cell read, boxed inside the highlighted row. */
  cell: { raw: string; column: number };
}

/** The inputs of a computed figure, each once, with the passage (its row) to open. */
export function figureInputLines(figure: NonNullable<AskResult['figure']>, rows: CandidateRow[]): FigureInputLine[] {
  const out: FigureInputLine[] = [];
  for (const input of figureCells(figure.figure)) {
    const key = cellKey(input);
    const source = figure.sourceOfCell[key];
    const chunk = rows.find((r) => r.source === source && r.chunk.docId === input.cell.docId && r.chunk.start <= input.cell.start && input.cell.start < r.chunk.end)?.chunk;
    out.push({
      key,
      label: input.label,
      where: [inputPeriodText(input), input.cell.page !== undefined ? `page ${input.cell.page}` : ''].filter(Boolean).join(' · '),
      raw: inputValueText(input),
      cell: { raw: input.cell.raw, column: input.cell.column },
      ...(source !== undefined ? { source } : {}),
      ...(chunk ? { passage: rowPassage(chunk, input.cell) } : {}),
    });
  }
  return out;
}

/** A chunk narrowed to one table row, so the source viewer highlights that row on its page. */
function rowPassage(chunk: Chunk, cell: { rowStart: number; rowEnd: number; rowText: string; page?: number }): Chunk {
  return { ...chunk, text: cell.rowText, start: cell.rowStart, end: cell.rowEnd, pageStart: cell.page ?? chunk.pageStart, pageEnd: cell.page ?? chunk.pageEnd };
}

/** The answer's text after the figure block (a language model's prose), with its citations moved to match. */
export function afterFigure(text: string, figureAnswer: string | undefined): { text: string; shift: number } {
  if (!figureAnswer || !text.startsWith(figureAnswer)) return { text, shift: 0 };
  const rest = text.slice(figureAnswer.length);
  const trimmed = rest.replace(/^\s+/, '');
  return { text: trimmed, shift: figureAnswer.length + (rest.length - trimmed.length) };
}

/** The answer's citations that fall after the figure block, moved to the text afterFigure returns. */
export function citationsAfter(citations: CitationMark[] | undefined, shift: number): CitationMark[] | undefined {
  return citations?.filter((c) => c.start >= shift).map((c) => ({ ...c, start: c.start - shift, end: c.end - shift }));
}

/** The headline without its citation marks (the inputs below carry them). */
export function headlineText(headline: string): string {
  return headline.replace(/\s*(?:\[\d+\])+\s*$/, '').trim();
}
