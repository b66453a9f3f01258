import {
  askedFigure,
  askedRowTrend,
  namedRowLabel,
  cellKey,
  computeFigure,
  figureCells,
  lookedUpFigure,
  matchByMeaning,
  MEANING_MIN_SIMILARITY,
  programOfThought,
  type ProgramOutcome,
  figureAnswer,
  figureText,
  type DocumentTables,
  type Figure,
  type FigureText,
} from '../../compute';
import { LEAD_IN } from '../../read';
import { COMMON_ACRONYMS } from '../../text';
import { CALENDAR_YEAR, calendarOfColumns, withCalendar, type FiscalCalendar } from '../../card';
import type { Table } from '../../tables';
import { mentionsAll, namesBeyond } from '../../decline';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { citeSpan } from './citing';
import { documentNames } from './reading';
import { generationUsage } from '../usage';

/** How many documents a question without a routed document is computed over: those of its best candidates. */
const FIGURE_DOCUMENTS = 2;

/** What the figure stage found: the computation and how it is written, each input's source number. */
export interface FigureResult {
  figure: Figure;
  text?: FigureText;
  /** The answer's opening: the figure, its computation and inputs (absent when nothing was computed). */
  answer?: string;
  /** Source number of each input, by its cell's document and offset ("docId:start"). */
  sourceOfCell: Record<string, number>;
  /** The language model's expression over the cells, evaluated by Sieve, or why it was refused. */
  program?: ProgramOutcome;
}

/**
 * 6c. A figure from the tables: when the question asks for a line item, a standard metric or a
 * formula it defines, Sieve reads each input's cell (row by the line item's names, column by
 * fiscal year) from the documents in scope, computes, and cites every cell. A chunk holding an
 * input that was not already a source is added as one.
 */
export async function figuring(
  ctx: AskContext,
  rows: CandidateRow[],
  sources: AnswerSource[],
  scope: ReadonlySet<string> | undefined,
  options: { verdict?: boolean } = {},
): Promise<Outcome<FigureResult | undefined>> {
  const { deps, question } = ctx;
  if (!ctx.settings.figures) return { value: undefined, detail: { skipped: 'turned off' } };
  if (!deps.tablesOf || !deps.chunksOf) return { value: undefined, detail: { skipped: 'the documents’ tables are not available' } };
  let asked = askedFigure(question);
  const docs = await tablesInScope(ctx, rows, scope);
  // "Did <a row of some table> fall?": the row the question names, compared between the two periods.
  if (options.verdict && !asked) {
    const row = namedRowLabel(question, docs);
    asked = row ? askedRowTrend(question.replace(LEAD_IN, ''), row) : undefined;
  }
  // A yes/no question is settled by a figure's direction, sign or change, never by one line item's value: no cell is read or cited for it.
  if (options.verdict && !asked?.yes && asked?.aggregate !== 'compare') return { value: undefined, detail: { skipped: 'a yes/no question that one value does not settle' } };
  // No line item or metric asked: a value named by its row and column in any table (a lab report, a price list).
  let figure = asked ? computeFigure(asked, docs) : lookedUpFigure(question, docs);
  // A definition whose parts no table names: the metric or line item the question also names, if any.
  if (asked?.from === 'definition' && figure?.value === undefined) {
    const plain = askedFigure(question, { definitions: false });
    const second = plain ? computeFigure(plain, docs) : undefined;
    if (second?.value !== undefined) figure = second;
  }
  if (!figure) return { value: undefined, detail: { skipped: 'the question asks for no figure, and names no table row' } };
  // Inputs no row names in words: the row whose label means the same, by the embedder.
  const byMeaning = figure.value === undefined && deps.embedder ? await meaningFallback(ctx, figure, docs) : undefined;
  if (byMeaning) figure = byMeaning.figure;
  // A line item of a part the question names ("Comirnaty revenues") is read from that part's rows, never the company's total.
  // Only proper names ("Comirnaty"; an acronym often abbreviates the line item itself, "PPNE"), and only where each document's
  // company is known (its card): else the company's own name would count as a part's.
  const cards = (ctx.deps.cards?.() ?? []).filter((c) => docs.some((d) => d.docId === c.docId));
  const prints = cards.length > 0 && cards.every((c) => c.card.company) ? namePrinter(ctx, false) : undefined;
  const lookup = figure.asked.from === 'line item' || figure.asked.from === 'table cell';
  if (figure.value !== undefined && lookup && prints && !figureCells(figure).every((i) => prints([i.tableTitle, i.context ?? '', i.cell.rowText].join('\n'))))
    return { value: undefined, detail: { skipped: `the rows found for ${figure.asked.name} do not name what the question names` } };
  const detail = {
    asked: figure.asked.name,
    formula: figure.asked.from,
    years: figure.asked.years.join(', ') || 'latest',
    tables: docs.reduce((n, d) => n + d.tables.length, 0),
    inputs: figure.steps.reduce((n, s) => n + s.inputs.length, 0),
    // Which row and column each input was read from, and why that row: its match score and statement.
    cells: figureCells(figure)
      .map(
        (i) =>
          `“${i.label}” · ${i.fy ? `FY${i.fy}` : i.period} · ${i.cell.raw}${i.cell.page !== undefined ? ` · p. ${i.cell.page}` : ''} · ${i.statement ?? 'table'} · match ${i.score.toFixed(2)}`,
      )
      .join('; '),
    ...(figure.missing.length ? { missing: figure.missing.join('; ') } : {}),
    ...(byMeaning?.tried ? { byMeaning: byMeaning.tried } : {}),
    ...(figure.value !== undefined ? { value: figure.value } : {}),
  };
  if (figure.value === undefined) return { value: { figure, sourceOfCell: {} }, detail };
  const sourceOfCell = citeCells(ctx, figure, rows, sources);
  // With a language model, the model writes the expression over the cells (program of thought); Sieve evaluates it.
  const usesFormula = (figure.asked.from === 'definition' || figure.asked.from === 'metric') && figure.asked.aggregate !== 'compare';
  const program = ctx.engine && usesFormula ? await programOfThought(ctx.engine, question, figure, ctx.signal) : undefined;
  if (program && !program.ok) ctx.problems.push(`The language model’s expression was not used (${program.problem}); Sieve computed the figure with its own formula.`);
  const text = figureText(figure, question, (i) => sourceOfCell[cellKey(i)], program);
  return {
    value: { figure, text, answer: figureAnswer(text), sourceOfCell, ...(program ? { program } : {}) },
    ...(program ? { usage: generationUsage(program) } : {}),
    detail: { ...detail, ...(program ? { program: program.ok ? program.expression : `refused: ${program.problem}` } : {}) },
  };
}

/**
 * The figure again with rows matched by meaning for the inputs words missed; the figure as it
 * was when none is similar enough or the embedder fails. `tried` says what was matched, for the trace.
 */
async function meaningFallback(ctx: AskContext, figure: Figure, docs: DocumentTables[]): Promise<{ figure: Figure; tried: string }> {
  try {
    const meaning = await matchByMeaning(figure, docs, ctx.deps.embedder!, ctx.signal);
    const tried = [...meaning].map(([q, m]) => `${q.replace(/_/g, ' ')} → “${m.label}” (${m.similarity.toFixed(2)})`).join('; ') || `no label reached ${MEANING_MIN_SIMILARITY}`;
    const again = meaning.size > 0 ? computeFigure(figure.asked, docs, meaning) : undefined;
    return { figure: again?.value !== undefined ? again : figure, tried };
  } catch (e) {
    ctx.signal?.throwIfAborted();
    return { figure, tried: `the embedder failed: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** The tables of the documents to read them from (documentsFor), loaded; a document whose tables cannot be read has none. */
export async function tablesInScope(ctx: AskContext, rows: CandidateRow[], scope: ReadonlySet<string> | undefined): Promise<DocumentTables[]> {
  const docIds = await documentsFor(ctx, rows, scope);
  await ctx.deps.loadDocuments?.(docIds);
  const cards = ctx.deps.cards?.() ?? [];
  const docs: DocumentTables[] = [];
  for (const docId of docIds) {
    const tables = await Promise.resolve(ctx.deps.tablesOf!(docId)).catch(() => []);
    docs.push({ docId, tables: byOwnCalendar(tables, cards.find((c) => c.docId === docId)?.card.calendar) });
  }
  return docs;
}

/** Each document's tables with their columns' fiscal years and quarters as its own calendar numbers them, once per tables read. */
const RELABELLED = new WeakMap<Table[], { calendar: string; tables: Table[] }>();

/**
 * A document's tables with every dated column's period counted by the company's fiscal calendar:
 * the one its card read from its text, else the one its own columns show ("Nine Months Ended
 * July 1, 2023"), else the calendar year.
 */
export function byOwnCalendar(tables: Table[], stated?: FiscalCalendar): Table[] {
  // Cards are read afresh for each question: the calendar is compared by value.
  const key = stated ? `${stated.endMonth}/${stated.naming}` : 'columns';
  const kept = RELABELLED.get(tables);
  if (kept && kept.calendar === key) return kept.tables;
  const calendar = stated ?? calendarOfColumns(tables.flatMap((t) => t.columns.map((c) => c.period))) ?? CALENDAR_YEAR;
  const out = tables.map((t) =>
    t.columns.some((c) => c.period) ? { ...t, columns: t.columns.map((c) => (c.period ? { ...c, period: withCalendar(c.period, calendar) } : c)) } : t,
  );
  RELABELLED.set(tables, { calendar: key, tables: out });
  return out;
}

/**
 * The documents to read tables from: the routed scope, else the documents of the best candidates;
 * of those, the ones that print the names and acronyms the question uses beyond the documents' own
 * ("Arena" in "What did Pfizer pay for Arena", "AWS" in "What was AWS operating income"), when any
 * does: another company's table answers nothing.
 */
export async function documentsFor(ctx: AskContext, rows: CandidateRow[], scope: ReadonlySet<string> | undefined): Promise<string[]> {
  const routed = scope && scope.size > 0 && scope.size <= FIGURE_DOCUMENTS;
  const ranked = routed ? [...scope] : [...new Set([...rows].sort((a, b) => a.rank - b.rank).map((r) => r.chunk.docId))].filter((d) => !scope || scope.has(d));
  const prints = namePrinter(ctx);
  if (!prints || !ctx.deps.chunksOf) return ranked.slice(0, FIGURE_DOCUMENTS);
  // Read from the documents themselves, which must be loaded first.
  const candidates = ranked.slice(0, NAMING_DOCUMENTS);
  await ctx.deps.loadDocuments?.(candidates);
  const naming = candidates.filter((id) => ctx.deps.chunksOf!(id).some((c) => prints(c.text)));
  return (naming.length > 0 ? naming : ranked).slice(0, FIGURE_DOCUMENTS);
}

/** How many of the best candidates' documents are searched for the question's names. */
const NAMING_DOCUMENTS = 8;

/** Whether a text prints every name and distinguishing acronym the question uses beyond the documents' own; undefined when it uses none. */
function namePrinter(ctx: AskContext, withAcronyms = true): ((text: string) => boolean) | undefined {
  const asked = ctx.question.replace(LEAD_IN, '');
  const names = namesBeyond(asked, documentNames(ctx));
  const acronyms = withAcronyms ? [...new Set(asked.match(/\b[A-Z]{2,6}\b/g) ?? [])].filter((a) => !COMMON_ACRONYMS.has(a)).map((a) => new RegExp(`\\b${a}\\b`)) : [];
  if (names.length === 0 && acronyms.length === 0) return undefined;
  return (text) => mentionsAll(text, names) && acronyms.every((a) => a.test(text));
}

/** Gives every input cell a source number: the source already holding its chunk, or a new source for that chunk. */
function citeCells(ctx: AskContext, figure: Figure, rows: CandidateRow[], sources: AnswerSource[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const input of figure.steps.flatMap((s) => s.inputs)) {
    const n = citeSpan(
      ctx,
      { docId: input.cell.docId, start: input.cell.start, text: input.cell.raw },
      `holds a cell of the computed figure (${input.label}, ${input.fy ? `FY${input.fy}` : input.period})`,
      rows,
      sources,
    );
    if (n !== undefined) out[cellKey(input)] = n;
  }
  return out;
}
