import { askedSet, compareRows, STRONG_MATCH, type Comparison } from '../../compare';
import { bulletsAfter, LEAD_IN, listFrom, listText, type ListFound } from '../../read';
import type { CandidateRow } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { citeSpan } from './citing';
import { tablesInScope } from './figuring';
import { ownNames, readUnits } from './reading';

/** What the list stage found: the items of a sentence's enumeration, or the rows of the table the question names; and the answer's opening. */
export interface ListResult {
  list?: ListFound;
  rows?: Comparison;
  answer: string;
  /** The unit the opening quotes, so the quoted passages after it do not repeat it. */
  quoted?: string;
}

/**
 * 6f. A list the question asks for ("What are the reportable segments?", "Which kernels can be
 * used?"): the items the best sentence enumerates, else the rows of the table whose title and
 * headings name what is asked (its set of rows, in the table's order), each cited.
 */
export async function listing(ctx: AskContext, rows: CandidateRow[], sources: AnswerSource[], scope: ReadonlySet<string> | undefined): Promise<Outcome<ListResult | undefined>> {
  const question = ctx.question.replace(LEAD_IN, '');
  const units = sources.length ? readUnits(ctx, sources) : [];
  const own = sources.length ? ownNames(ctx, sources) : [];
  const sentence = sources.length ? listFrom(question, units, own) : undefined;
  const found = sentence ?? (sources.length ? bulletsAfter(question, units, (n) => sources.find((s) => s.n === n)?.text, own) : undefined);
  if (found)
    return {
      value: { list: found, answer: listText(found), quoted: found.unit.unit ?? found.unit.text },
      detail: { from: sentence ? 'a sentence' : 'the lines after a colon', items: found.items.length, source: found.unit.source },
    };
  if (!ctx.settings.figures || !ctx.deps.tablesOf || !ctx.deps.chunksOf) return { value: undefined, detail: { found: 'no sentence lists such items' } };
  const docs = await tablesInScope(ctx, rows, scope);
  const set = compareRows(askedSet(question), docs);
  if (!set || set.match < STRONG_MATCH || set.ranked.length < 2) return { value: undefined, detail: { found: 'no sentence lists such items, and no table names them' } };
  const inOrder = [...set.ranked].sort((a, b) => a.cells[0].rowStart - b.cells[0].rowStart);
  const cited = inOrder.map((r) => citeSpan(ctx, { docId: r.cells[0].docId, start: r.cells[0].rowStart, text: r.name }, `holds a listed row (${r.name})`, rows, sources));
  const marks = [...new Set(cited.filter((n): n is number => n !== undefined))].map((n) => `[${n}]`).join('');
  const names = inOrder.map((r) => r.name);
  const joined = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return {
    value: { rows: set, answer: `${joined}: the rows of ${set.table}${marks ? ` ${marks}` : ''}` },
    detail: { from: 'a table', table: set.table, items: names.length, match: set.match.toFixed(2) },
  };
}
