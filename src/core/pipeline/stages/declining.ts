import { absentName, absentPeriod, absentQuarter, declineText, type Decline, type FiscalQuarter } from '../../decline';
import { askedPeriod, askedYears, LEXICON, type DocumentTables } from '../../compute';
import { askedHead, askedIdentifier, countedNouns, MIN_FACT_COVERAGE, printsHead, printsIdentifier, typedSpans } from '../../read';
import type { CandidateRow } from '../types';
import type { DocumentCard, RoutedDocument } from '../../card';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { tablesInScope } from './figuring';
import { naming, readUnits } from './reading';

/**
 * 6a. Before any answer: does the question name something no document is about, or ask for a
 * year no document in scope reports? Then Sieve says so first (core/decline), and the nearest
 * passages follow as what they are, not an answer.
 */
export async function declining(
  ctx: AskContext,
  rows: CandidateRow[],
  sources: AnswerSource[],
  scope: ReadonlySet<string> | undefined,
  routed: RoutedDocument[],
): Promise<Outcome<Decline | undefined>> {
  const cards = (ctx.deps.cards?.() ?? []).filter((d) => !scope || scope.has(d.docId));
  // A document the question named by its name is about what it asks.
  if (routed.length === 0) {
    const names = cards.flatMap((d) => [...d.card.names, d.card.title, d.card.company ?? '']);
    const name = absentName(
      ctx.question,
      names,
      rows.map((r) => r.chunk.text),
    );
    if (name) return { value: declineText({ kind: 'name', name }), detail: { declined: 'name', name } };
  }
  const asked = askedYears(ctx.question).list;
  if (asked.length === 0 || !ctx.deps.tablesOf) return { value: undefined, detail: { declined: 'no' } };
  const docs = await tablesInScope(ctx, rows, scope);
  const inScope = cards.filter((c) => docs.some((d) => d.docId === c.docId));
  // A result asked in the past tense for a year after every document's own period: none can report it (a maturity table's
  // later years are schedules, not results).
  const latest = Math.max(...inScope.map((c) => c.card.period?.year ?? Infinity));
  const later = PAST.test(ctx.question) && Number.isFinite(latest) && asked.every((y) => y > latest);
  const reported = docs.flatMap((d) => d.tables.flatMap((t) => t.columns.flatMap((c) => (c.period ? [c.period.fy] : []))));
  const gap = later ? { asked, reported: statementYears(docs, latest) } : absentPeriod(asked, reported);
  // A quarter no table reports, where tables report quarters: "Q3 2022" of the Q2 2022 quarterly report.
  const quarter = !gap && asked.length === 1 ? askedPeriod(ctx.question).quarter : undefined;
  const quarterGap = quarter ? absentQuarter({ fy: asked[0], quarter }, quartersReported(inScope, docs)) : undefined;
  // A passage of those documents that covers the question, names the period and prints a figure may state it in prose.
  const theirs = new Set(sources.filter((s) => docs.some((d) => d.docId === s.first.docId)).map((s) => s.n));
  const statedBy = (names: (text: string) => boolean) =>
    readUnits(ctx, sources).some((u) => theirs.has(u.source) && u.coverage >= MIN_FACT_COVERAGE && names(u.text) && FIGURE_NOT_YEAR.test(u.text));
  const title = inScope.length === 1 ? inScope[0].card.title : undefined;
  if (quarterGap && !statedBy((t) => t.includes(String(asked[0])) && QUARTER_NAMES[quarter! - 1].test(t)))
    return {
      value: declineText({ kind: 'quarter', ...quarterGap, ...(title ? { title } : {}) }),
      detail: { declined: 'quarter', asked: quarterGap.asked, reported: quarterGap.reported.join(', ') },
    };
  const stated = gap && statedBy((t) => asked.some((y) => t.includes(String(y))));
  if (!gap || stated) return { value: undefined, detail: { declined: 'no', ...(gap ? { years: 'stated by a passage covering the question' } : {}) } };
  const shown = statementYears(docs, latest);
  return {
    value: declineText({ kind: 'period', asked: gap.asked, reported: shown.length ? shown : gap.reported, ...(title ? { title } : {}) }),
    detail: { declined: 'period', asked: asked.join(', '), reported: [...new Set(gap.reported)].join(', ') },
  };
}

/**
 * The quarters the documents report, when every one of them is a quarterly report or a release of
 * a quarter's results with its end date: its quarter, and the quarter each of its tables' three-month
 * columns and balance-sheet dates ends (a five-quarter table, last year's comparatives, the year-end
 * balance sheet of a first-quarter report), counted back from the document's own quarter end. An
 * annual report may print a table of its quarters, so with one in scope nothing is said.
 */
export function quartersReported(cards: Array<{ docId: string; card: DocumentCard }>, docs: DocumentTables[]): FiscalQuarter[] {
  const out: FiscalQuarter[] = [];
  for (const { docId, card } of cards) {
    const p = card.period;
    const quarter = p?.kind === 'quarter' ? p.quarter : p?.covers?.quarter;
    const fy = p?.kind === 'quarter' ? p.year : p?.covers?.year;
    const ended = monthIndex(p?.ended);
    if (!quarter || !fy || ended === undefined) return [];
    const own = fy * 4 + quarter - 1;
    out.push({ fy, quarter });
    const tables = docs.find((d) => d.docId === docId)?.tables ?? [];
    for (const column of tables.flatMap((t) => t.columns)) {
      if (!column.period || (column.period.months !== undefined && column.period.months !== 3)) continue;
      const at = monthIndex(column.period.label);
      if (at === undefined || (ended - at) % 3 !== 0) continue;
      const index = own - (ended - at) / 3;
      out.push({ fy: Math.floor(index / 4), quarter: (index % 4) + 1 });
    }
  }
  return out;
}

/** A printed date's month as a count of months ("June 30, 2022" → 2022 × 12 + 5); undefined without a month. */
function monthIndex(date: string | undefined): number | undefined {
  const m = date?.match(/\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.?\s+\d{1,2},?\s+((?:19|20)\d\d)\b/i);
  if (!m) return undefined;
  return Number(m[2]) * 12 + 'janfebmaraprmayjunjulaugsepoctnovdec'.indexOf(m[1].toLowerCase()) / 3;
}

/** How a passage names each quarter. */
const QUARTER_NAMES = [/\bQ1\b|\bfirst\s+quarter\b/i, /\bQ2\b|\bsecond\s+quarter\b/i, /\bQ3\b|\bthird\s+quarter\b/i, /\bQ4\b|\bfourth\s+quarter\b/i];

/** A question about a result that happened: "what was", "how many did", "had". */
const PAST = /\b(?:was|were|did|had|earned|reported|sold|delivered|generated|paid)\b/i;
/** A figure other than a year: "$1.2 billion", "12%", "3,400". */
const FIGURE_NOT_YEAR = /\$\s?\d|\d\s?%|\b\d{1,3}(?:,\d{3})+\b|\b(?!(?:19|20)\d\d\b)\d+\.\d+\b/;

/** The fiscal years the financial statements of the documents report, up to their own latest period (schedules' later years aside). */
function statementYears(docs: DocumentTables[], latest: number): number[] {
  const years = docs.flatMap((d) => d.tables.filter((t) => t.statement).flatMap((t) => t.columns.flatMap((c) => (c.period && c.period.fy <= latest ? [c.period.fy] : []))));
  return [...new Set(years)].sort((a, b) => a - b);
}

/**
 * Whether the text prints a count followed, within two words, by a word beginning with `noun`
 * ("15,706 people", "150 million paid Prime members"): how a count is stated.
 */
function countsBeside(text: string, noun: string): boolean {
  const follows = new RegExp(`^\\s+(?:[\\w-]+\\s+){0,2}${noun}`, 'i');
  if (typedSpans(text, 'count').some((sp) => follows.test(text.slice(sp.end, sp.end + 60)))) return true;
  // A count in words: "four lifeboats", "three reportable segments", "a dozen stores".
  return new RegExp(`\\b(?:${NUMBER_WORDS})\\s+(?:[\\w-]+\\s+){0,2}${noun}`, 'i').test(text);
}

/** A counted noun as a pattern: people are counted as employees, staff or workers too ("9,100 employees" for "how many people did it employ"). */
function countedWord(noun: string): string {
  return /^(?:people|person|persons|individual)$/i.test(noun) ? '(?:people|persons?|employees?|staff|workers?|associates?|personnel|team\\s+members?)' : noun;
}

/** Counts written in words. */
const NUMBER_WORDS =
  'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|thousand|dozen|dozens|hundreds|thousands|million|millions';

/**
 * A passage covering less than this share of the question's term weight is about something else:
 * with none better, nothing states what is asked. A third, by reason (a question's subject, its
 * measure and its period: one of three), not fitted to a set.
 */
export const NOTHING_COVERAGE = 1 / 3;

/**
 * 6e. After the answering stages found nothing: "nothing states this" when no passage printing the
 * question's names covers a third of it, when a count is asked and nothing prints one beside what
 * it counts, or when the documents drawn on never print what is asked ("Who is Kenvue's chief
 * financial officer?" of a filing that names no such officer).
 */
export function nothingStated(ctx: AskContext, sources: AnswerSource[]): Decline | undefined {
  if (sources.length === 0) return undefined;
  // Only a passage that prints the names the question uses beyond the documents' own can state it.
  const units = naming(ctx, sources, readUnits(ctx, sources));
  const best = Math.max(0, ...units.map((u) => u.coverage));
  // A count printed in a passage retrieval did not keep still states it: the documents' other chunks are read too.
  const chunks = () => [...new Set(sources.map((s) => s.first.docId))].flatMap((id) => ctx.deps.chunksOf?.(id) ?? []);
  // "How many employees …": no passage names what is counted, or prints a count beside its name.
  const counted = countedNouns(ctx.question).map(countedWord);
  const counts = (text: string) => counted.every((n) => new RegExp(`\\b${n}`, 'i').test(text)) && countsBeside(text, counted.at(-1)!);
  const uncounted = counted.length > 0 && !units.some((u) => counts(u.text)) && !chunks().some((c) => counts(c.text));
  return best < NOTHING_COVERAGE || uncounted ? declineText({ kind: 'fact' }) : notPrinted(ctx, sources);
}

/**
 * 6e, for any question nothing answered: "What was … net income" of documents that print no "net
 * income" (nor a name a statement gives it), anywhere, is declined: they do not state it. So is
 * "Which version of Java …" or "Which grant number …" when nothing prints a version or a number
 * beside the thing.
 */
export function notPrinted(ctx: AskContext, sources: AnswerSource[]): Decline | undefined {
  // An identifier asked is what must be printed ("What is the version of Python …" need not print "version").
  const id = askedIdentifier(ctx.question);
  const forms = id ? [] : headForms(askedHead(ctx.question));
  if (sources.length === 0 || (forms.length === 0 && !id)) return undefined;
  const prints = (text: string) => (id ? printsIdentifier(text, id) : forms.some((f) => printsHead(text, f)));
  const docIds = [...new Set(sources.map((s) => s.first.docId))];
  if (sources.some((s) => prints(s.text)) || docIds.some((id) => (ctx.deps.chunksOf?.(id) ?? []).some((c) => prints(c.text)))) return undefined;
  return declineText({ kind: 'fact' });
}

/** The head and, for a statement line item (core/compute's lexicon), every name and label it goes by ("net earnings" for "net income"). */
function headForms(head: string[]): string[][] {
  if (head.length === 0) return [];
  const said = head.join(' ').toLowerCase();
  const entries = LEXICON.filter((e) => e.names.some((n) => n.toLowerCase() === said));
  return [head, ...entries.flatMap((e) => [...e.names, ...e.labels].map((n) => n.split(/\s+/)))];
}
