import { absentName, absentPeriod, absentQuarter, declineText, type Decline, type FiscalQuarter } from '../../decline';
import { askedFigure, askedPeriod, askedYears, type DocumentTables } from '../../compute';
import { askedComparison } from '../../compare';
import { askedFact, countedNouns, countedPattern, MIN_FACT_COVERAGE, typedSpans } from '../../read';
import type { CandidateRow } from '../types';
import { CALENDAR_YEAR, cardNames, endingMonth, fiscalPeriodOf, type DocumentCard, type RoutedDocument } from '../../card';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { tablesInScope } from './figuring';
import { naming, readUnits } from './reading';
import { CARDINAL_WORDS } from '../../text';

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
    const names = cards.flatMap((d) => cardNames(d.card));
    // A few documents in scope are read whole for the name; a library, by what retrieval found.
    const few = cards.length <= WHOLE_DOCUMENTS && ctx.deps.chunksOf ? cards.map((c) => c.docId) : [];
    if (few.length) await ctx.deps.loadDocuments?.(few);
    const name = absentName(
      ctx.question,
      names,
      rows.map((r) => r.chunk.text),
      few.flatMap((id) => ctx.deps.chunksOf!(id).map((c) => c.text)),
    );
    if (name) return { value: declineText({ kind: 'name', name }), detail: { declined: 'name', name } };
  }
  const asked = askedYears(ctx.question).list;
  if (asked.length === 0 || !ctx.deps.tablesOf) return { value: undefined, detail: { declined: 'no' } };
  // A year names a reporting period only where a figure is asked of it ("What was revenue in 2012?"); else it names an event ("the 2019 lawsuit").
  if (!asksFigureOf(ctx.question)) return { value: undefined, detail: { declined: 'no', years: 'the question asks no figure of its years' } };
  const docs = await tablesInScope(ctx, rows, scope);
  const inScope = cards.filter((c) => docs.some((d) => d.docId === c.docId));
  // A result asked in the past tense for a year after every document's own period: none can report it (a maturity table's
  // later years are schedules, not results). A year named by its start may also be asked by the year it ends in.
  // A release dated in one fiscal year may report a quarter of the next (Q2 of fiscal 2024, released in August 2023).
  const latest = Math.max(
    ...inScope.map((c) => Math.max(c.card.period?.year ?? Infinity, c.card.period?.covers?.year ?? -Infinity) + (c.card.calendar?.naming === 'start' ? 1 : 0)),
  );
  const later = PAST.test(ctx.question) && Number.isFinite(latest) && asked.every((y) => y > latest);
  const reported = docs.flatMap((d) => d.tables.flatMap((t) => t.columns.flatMap((c) => (c.period ? [c.period.fy] : []))));
  const gap = later ? { asked, reported: statementYears(docs, latest) } : absentPeriod(asked, [...reported, ...calendarYears(docs)]);
  // A quarter no table reports, where tables report quarters: "Q3 2022" of the Q2 2022 quarterly report (read as the company numbers
  // its quarters and as the calendar does: the quarter ended October 31, 2022 is Q3 of fiscal 2023 and much of calendar Q3 2022).
  const quarter = !gap && asked.length === 1 ? askedPeriod(ctx.question).quarter : undefined;
  const reportedQuarters = quarter ? quartersReported(inScope, docs) : [];
  const coveredByCalendar = quarter !== undefined && calendarQuarterCovered(asked[0], quarter, docs);
  const quarterGap = quarter && !coveredByCalendar ? absentQuarter({ fy: asked[0], quarter }, reportedQuarters) : undefined;
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
 * a quarter's results with its end date: its quarter, and the fiscal quarter each of its tables'
 * three-month columns and balance-sheet dates ends (a five-quarter table, last year's comparatives,
 * the year-end balance sheet of a first-quarter report), by the company's calendar (the tables
 * come relabelled by it). An annual report may print a table of its quarters, so with one in
 * scope nothing is said.
 */
export function quartersReported(cards: Array<{ docId: string; card: DocumentCard }>, docs: DocumentTables[]): FiscalQuarter[] {
  const out: FiscalQuarter[] = [];
  for (const { docId, card } of cards) {
    const p = card.period;
    const quarter = p?.kind === 'quarter' ? p.quarter : p?.covers?.quarter;
    const fy = p?.kind === 'quarter' ? p.year : p?.covers?.year;
    if (!quarter || !fy || endingMonth(p?.ended) === undefined) return [];
    out.push({ fy, quarter });
    const calendar = card.calendar ?? CALENDAR_YEAR;
    const tables = docs.find((d) => d.docId === docId)?.tables ?? [];
    for (const column of tables.flatMap((t) => t.columns)) {
      if (!column.period || (column.period.months !== undefined && column.period.months !== 3)) continue;
      const end = endingMonth(column.period.label);
      const own = end === undefined ? undefined : fiscalPeriodOf(end, calendar);
      if (own?.quarter) out.push({ fy: own.year, quarter: own.quarter });
    }
  }
  return out;
}

/** The calendar years the documents' dated columns fall in: "2022" is asked of a year ending January 31, 2023 too. */
function calendarYears(docs: DocumentTables[]): number[] {
  return docs.flatMap((d) =>
    d.tables.flatMap((t) =>
      t.columns.flatMap((c) => {
        const end = endingMonth(c.period?.label);
        return end === undefined ? [] : [Math.floor(end / 12)];
      }),
    ),
  );
}

/** Whether a three-month column of the documents ends within a month of calendar quarter `quarter` of `year`: it covers most of it. */
function calendarQuarterCovered(year: number, quarter: number, docs: DocumentTables[]): boolean {
  const asked = year * 12 + quarter * 3 - 1;
  return docs.some((d) =>
    d.tables.some((t) =>
      t.columns.some((c) => {
        if (c.period?.months !== 3) return false;
        const end = endingMonth(c.period.label);
        return end !== undefined && Math.abs(end - asked) <= 1;
      }),
    ),
  );
}

/** Whether the question asks for a figure: an amount, rate, count or metric (a year then names the period it is for). A forecast's year is the period forecast, which a document of an earlier period states. */
export function asksFigureOf(question: string): boolean {
  if (FORECAST.test(question)) return false;
  const fact = askedFact(question);
  return askedFigure(question) !== undefined || (fact !== undefined && fact !== 'date' && fact !== 'version') || askedComparison(question) !== undefined;
}

/** A forecast, guidance or an expectation: its year is a period to come, stated in a document of an earlier one. */
const FORECAST = /\b(?:forecast\w*|guidance|outlook|expect\w*|project(?:ed|s|ion|ions)\b|anticipat\w*|target\w*|plan(?:s|ned)?\s+to|estimate[sd]?\s+(?:for|of))\b/i;

/** Up to this many documents in scope are read whole for a name the question uses. */
const WHOLE_DOCUMENTS = 8;

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

/** Counts written in words, and the words that scale them. */
const NUMBER_WORDS = `${CARDINAL_WORDS}|hundred|thousand|dozen|dozens|hundreds|thousands|million|millions`;

/**
 * A passage covering less than this share of the question's term weight is about something else:
 * with none better, nothing states what is asked. A third, by reason (a question's subject, its
 * measure and its period: one of three), not fitted to a set.
 */
export const NOTHING_COVERAGE = 1 / 3;

/**
 * 6e. After the answering stages found nothing: "nothing states this" when no passage printing the
 * question's names covers a third of it, or when a count is asked and nothing prints one beside
 * what it counts. (A rule declining what the documents never print by the question's head words
 * or identifiers was removed: on fresh set 1 it declined two answerable questions and no other.)
 */
export function nothingStated(ctx: AskContext, sources: AnswerSource[]): Decline | undefined {
  if (sources.length === 0) return undefined;
  // Only a passage that prints the names the question uses beyond the documents' own can state it.
  const units = naming(ctx, sources, readUnits(ctx, sources));
  const best = Math.max(0, ...units.map((u) => u.coverage));
  // A count printed in a passage retrieval did not keep still states it: the documents' other chunks are read too.
  const chunks = () => [...new Set(sources.map((s) => s.first.docId))].flatMap((id) => ctx.deps.chunksOf?.(id) ?? []);
  // "How many employees …": no passage names what is counted, or prints a count beside its name.
  const counted = countedNouns(ctx.question).map(countedPattern);
  const counts = (text: string) => counted.every((n) => new RegExp(`\\b${n}`, 'i').test(text)) && countsBeside(text, counted.at(-1)!);
  const uncounted = counted.length > 0 && !units.some((u) => counts(u.text)) && !chunks().some((c) => counts(c.text));
  if (best < NOTHING_COVERAGE) return { ...declineText({ kind: 'fact' }), rule: 'no passage covers the question' };
  if (uncounted) return { ...declineText({ kind: 'fact' }), rule: 'nothing prints a count of what is asked' };
  return undefined;
}
