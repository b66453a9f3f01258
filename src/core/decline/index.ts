import { abbreviates } from '../card';
import { AUXILIARY_VERBS, COMMON_ACRONYMS, MONTH_NAMES, QUESTION_WORDS } from '../text';
import { CORPORATE_WORDS, initialsOf, shortForm, spelledOut } from './short-forms';

/**
 * "Not in your documents": questions Sieve's documents cannot answer, told apart before any
 * passage is offered as an answer. Three kinds:
 * - a name the question uses (a company, a product, a person) that no document goes by and no
 *   retrieved passage prints (absentName);
 * - a year the question asks a figure for that no table of the documents in scope reports and no
 *   passage about the question states (absentPeriod);
 * - nothing that states what is asked: no passage covers enough of the question (see the
 *   question pipeline's declining stage).
 * Pure functions over what the pipeline already holds: the question, the documents' names and
 * periods, the retrieved passages.
 */

/** Why Sieve declines, in words a user reads first. */
export interface Decline {
  kind: 'name' | 'period' | 'fact';
  text: string;
  /** Which rule declined, for the trace ("nothing prints “net income”"). */
  rule?: string;
}

const MONTHS: ReadonlySet<string> = new Set(MONTH_NAMES);
/** Capitalised words that are no names: question and period words a question may start a clause with. */
const NOT_NAMES = new Set([
  ...[...QUESTION_WORDS, ...AUXILIARY_VERBS].map((w) => w.charAt(0).toUpperCase() + w.slice(1)),
  'In',
  'On',
  'At',
  'For',
  'From',
  'By',
  'Of',
  'The',
  'A',
  'An',
  'According',
  'Based',
  'Looking',
  'Given',
  'Per',
  'As',
  'If',
  'Please',
  'Fiscal',
  'Quarter',
  'Year',
  'Form',
  'Item',
  'Note',
  'Part',
  'Section',
  'Table',
  'Figure',
]);

/** A question's words, with a "\u0000" marking each sentence or clause start: a word opening one ("… of Boeing? Round your answer …") is capitalised for that alone. */
function questionWords(question: string): string[] {
  return question
    .replace(/([.?!:;])\s+/g, '$1 \u0000 ')
    .replace(/[?.,;:!()"“”]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
}

/**
 * The names a question is about: runs of capitalised words (a possessive dropped) where they are
 * its subject or owner ("Tesla's", "did Home Depot", "for Arena"), not opening a sentence, not
 * acronyms in capitals alone (EBITDA, ROE, PP&E), months or question words.
 */
export function properNames(question: string): string[] {
  const words = questionWords(question);
  const out: string[] = [];
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.push(run.join(' '));
    run = [];
  };
  let owner = false;
  words.forEach((raw, i) => {
    const w = raw.replace(/[’']s?$/, '');
    const opens = i === 0 || words[i - 1] === '\u0000';
    const name = !opens && /^\p{Lu}/u.test(w) && /\p{Ll}/u.test(w) && !MONTHS.has(w) && !NOT_NAMES.has(w) && !/\d/.test(w);
    // A run counts as a name where it is the question's subject or owner: after "did", "of", "for" …, or with "'s".
    if (name && run.length === 0) owner = SUBJECT_BEFORE.test(words[i - 1] ?? '');
    if (name) run.push(w);
    else {
      if (owner) flush();
      run = [];
    }
    if (name && /[’']s?$/.test(raw)) {
      owner = true;
      flush();
    }
  });
  if (owner) flush();
  return [...new Set(out)];
}

/** What a question calls the document itself ("In the PDF, …"), which its text need not print. */
const FORMAT_WORDS: ReadonlySet<string> = new Set(['PDF', 'HTML', 'DOC', 'DOCX', 'XLSX', 'CSV', 'TXT', 'FAQ', 'PAGE', 'URL', 'Q', 'FY']);
/** A version number after a product's name or the word "version" / "release" (not a percentage or an amount). */
const VERSION_NAMED = /(?:\b[A-Z][\w+#-]*|\b(?:version|release|v))\s+v?(\d+\.\d+(?:\.\d+)*)(?![\d.]*\s?%)(?![\w.]*\d)/g;
/** A word joined by underscores ("SQLITE_MAX_LENGTH", "pd_lower"), as code and configuration name things. */
const IDENTIFIER = /(?<![\w.])[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?!\w)/g;
/** Words after which a capitalised run is what the question is about: "did Toyota sell", "revenue of Tesla", "for Arena". */
const SUBJECT_BEFORE = /^(?:did|does|do|has|have|had|is|was|were|will|would|can|could|of|for|at|about|by|from|in|on|with|to|between|and)$/i;

/** Letters and digits only, lower case: "Foot Locker" and "Footlocker" read alike. */
function squeezed(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/**
 * Every name a question may be asking about, for telling whether the documents know it: its
 * proper names (properNames), any other capitalised run not opening a sentence ("to acquire
 * Certilogo"), and acronyms where they are its subject or owner ("AMD's data center revenue"),
 * measures and currencies aside (COMMON_ACRONYMS).
 */
export function namesAsked(question: string): string[] {
  const out = new Set(properNames(question));
  const words = questionWords(question);
  const hasLower = /\p{Ll}/u.test(question);
  // A version of a named product ("PostgreSQL 15.2", "version 3.12"): a name no document may print.
  for (const m of question.matchAll(VERSION_NAMED)) out.add(m[1]);
  // An identifier of code or configuration ("SQLITE_MAX_LENGTH", "pd_lower"): documents that know it print it.
  for (const m of question.matchAll(IDENTIFIER)) out.add(m[0]);
  let run: string[] = [];
  const flush = () => {
    if (run.length) out.add(run.join(' '));
    run = [];
  };
  words.forEach((raw, i) => {
    const w = raw.replace(/[’']s?$/, '');
    const opens = i === 0 || words[i - 1] === '\u0000';
    const acronym = /^[A-Z][A-Z&]{1,5}$/.test(w) && !COMMON_ACRONYMS.has(w.replace(/&/g, '')) && !FORMAT_WORDS.has(w);
    const possessive = /[’']s?$/.test(raw);
    // "M&A", "D&A", "R&D" abbreviate phrases; with "&" an acronym names a company only as an owner ("J&J's"). Anywhere else
    // in a question not written in capitals ("What SRID do …"): one a user made up for a phrase ("the DPL", "net PPNE") is
    // found where the documents spell it out (spelledOut).
    if (acronym && !opens && hasLower && (possessive || !w.includes('&'))) out.add(w);
    const name = !opens && /^\p{Lu}/u.test(w) && /\p{Ll}/u.test(w) && !MONTHS.has(w) && !NOT_NAMES.has(w) && !/\d/.test(w);
    if (name) run.push(w);
    else flush();
  });
  flush();
  return [...out];
}

/**
 * The first name the question uses (namesAsked) that no document goes by (its names:
 * organisation, tickers, file-name words, or a short form of one: "JnJ", "J&J" for Johnson &
 * Johnson) and that no retrieved passage prints, nor any text of the documents in scope when they
 * are given (`texts`); undefined when every name is found.
 */
export function absentName(question: string, documentNames: string[], passages: string[], texts: string[] = []): string | undefined {
  const names = documentNames.map(squeezed);
  return namesAsked(question).find((n) => {
    const s = squeezed(n);
    if (s.length < 2 || (s.length < 3 && !/^[A-Z&]+$/.test(n))) return false;
    if (names.some((d) => d.includes(s) || (d.length >= 3 && s.includes(d)))) return false;
    if (shortForm(n) && documentNames.some((d) => initialsOf(d) === shortForm(n) || abbreviates(n, d))) return false;
    const prints = nameMatcher(n);
    const spelled = spelledOut(n);
    return !passages.some(prints) && !texts.some(prints) && !(spelled && [...passages, ...texts].some((t) => spelled.test(t)));
  });
}

/** Whether a text prints a name: a short one (an acronym) as a word of its own, a longer one as mentionsAll reads it; built once per name. */
function nameMatcher(name: string): (text: string) => boolean {
  if (squeezed(name).length > 4) return (text) => mentionsAll(text, [name]);
  const words = name.split(/\s+/).map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`(?<![\\p{L}\\p{N}])${words.join('\\s+')}(?![\\p{L}\\p{N}])`, 'iu');
  return (text) => re.test(text);
}

/** The names a question uses other than those its documents go by ("Java" in "Which version of Java does ReportLab require?"). */
export function namesBeyond(question: string, documentNames: string[]): string[] {
  const own = documentNames.map(squeezed).filter((d) => d.length >= 3);
  return properNames(question).filter((n) => {
    const s = squeezed(n);
    return s.length >= 3 && !own.some((d) => d.includes(s) || s.includes(d));
  });
}

/**
 * Whether a text prints every one of the names: each name whole (letters and digits compared, case
 * aside: "Footlocker" is "Foot Locker"), or each of its words ("Mary Dillon" in "Mary N. Dillon").
 */
export function mentionsAll(text: string, names: string[]): boolean {
  const t = squeezed(text);
  const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return names.every(
    (n) =>
      t.includes(squeezed(n)) ||
      n
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => !CORPORATE_WORDS.test(w))
        .every((w) => words.has(w)),
  );
}

/**
 * The asked years that no table of the documents in scope reports, when none of them is reported
 * (a question about 2012 of a 2022 annual report), with the years the tables do report;
 * undefined when one is, when the question asks no year, or when the tables report no years.
 */
export function absentPeriod(asked: number[], reported: number[]): { asked: number[]; reported: number[] } | undefined {
  if (asked.length === 0 || reported.length === 0) return undefined;
  const have = new Set(reported);
  if (asked.some((y) => have.has(y))) return undefined;
  return { asked, reported: [...have].sort((a, b) => a - b) };
}

/** A fiscal quarter: Q3 of fiscal 2022. */
export interface FiscalQuarter {
  fy: number;
  quarter: number;
}

/**
 * The asked quarter when no table of the documents in scope reports it but some report quarters
 * (a question about Q3 2022 of a Q2 2022 quarterly report), with the quarters they do report,
 * latest last; undefined when one reports it, or when no table reports quarters at all.
 */
export function absentQuarter(asked: FiscalQuarter, reported: FiscalQuarter[]): { asked: string; reported: string[] } | undefined {
  if (reported.length === 0 || reported.some((r) => r.fy === asked.fy && r.quarter === asked.quarter)) return undefined;
  const label = (q: FiscalQuarter) => `Q${q.quarter} ${q.fy}`;
  const sorted = [...new Map(reported.map((r) => [label(r), r])).values()].sort((a, b) => a.fy - b.fy || a.quarter - b.quarter);
  return { asked: label(asked), reported: sorted.map(label) };
}

/** The decline as the answer's first line. */
export function declineText(
  d:
    | { kind: 'name'; name: string }
    | { kind: 'period'; asked: number[]; reported: number[]; title?: string }
    | { kind: 'quarter'; asked: string; reported: string[]; title?: string }
    | { kind: 'fact' },
): Decline {
  if (d.kind === 'quarter') {
    const what = d.title ? `${d.title} does` : 'Your documents do';
    const list = d.reported.length > 1 ? `${d.reported.slice(0, -1).join(', ')} and ${d.reported.at(-1)}` : d.reported[0];
    return { kind: 'period', text: `${what} not cover ${d.asked}: ${d.title ? 'its' : 'their'} tables report the quarters ${list}.` };
  }
  if (d.kind === 'name' && /^\d+(?:\.\d+)+$/.test(d.name)) return { kind: 'name', text: `None of your documents mentions version ${d.name}: no passage found prints it.` };
  // An acronym may be a term, not a company, and an identifier is one: none of the documents prints (or spells out) it.
  if (d.kind === 'name' && (/^[A-Z][A-Z&]{1,5}$/.test(d.name) || d.name.includes('_')))
    return { kind: 'name', text: `None of your documents mentions ${d.name}: no document goes by that name, and no passage found prints or spells it out.` };
  if (d.kind === 'name') return { kind: 'name', text: `None of your documents is about ${d.name}: no document goes by that name, and no passage found mentions it.` };
  if (d.kind === 'period') {
    const span = d.reported.length > 1 ? `${d.reported[0]}–${d.reported[d.reported.length - 1]}` : String(d.reported[0]);
    const what = d.title ? `${d.title} does` : 'Your documents do';
    return { kind: 'period', text: `${what} not cover ${d.asked.join(' or ')}: ${d.title ? 'its' : 'their'} tables report ${span}.` };
  }
  return { kind: 'fact', text: 'I found nothing in your documents that states this.' };
}
