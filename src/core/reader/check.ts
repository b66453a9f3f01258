import { NOTHING_STATED, type ReaderPassage } from './prompt';

/** What Sieve knows to hold the reply to. */
export interface ReplyGround {
  /** The passages the reader was given, by number. */
  passages: ReaderPassage[];
  /** Sieve's findings as text (each may carry its own citation marks). */
  findings: string[];
  /** Sieve's own yes/no verdict, when it has one. */
  verdict?: 'Yes' | 'No';
  /** What Sieve's own answer leads with (a figure, a row's name), which the reply must carry. */
  lead?: string;
}

/** Whether the reply may be shown, and why not. */
export interface ReplyCheck {
  ok: boolean;
  problems: string[];
  /** The reply says the passages do not answer (NOTHING_STATED). */
  nothing: boolean;
}

/** At most this many sentences: the reader writes one or two. */
const MAX_SENTENCES = 3;
/** Labels and scores from a prompt or a source list: a reply carrying them copied scaffolding. */
const SCAFFOLD = /\brelevance\s*[:=]|\bscore\s*[:=]?\s*0?\.\d|sieve's findings|\bpassages:|\bquestion:|·\s*(?:10-?K|10-?Q|8-?K)\b|\bp\.\s*\d+\s*[—–-]{1,2}\s/i;
/** A reply saying the documents hold nothing on it. */
const DENIES = /\b(?:do(?:es)?\s+not\s+(?:contain|mention|state|include|provide|say)|no\s+information|(?:is|are)\s+not\s+(?:mentioned|stated|provided|given)|found\s+nothing)\b/i;
/** Figures in prose: times of day, amounts, percentages, decimals, numbers of two or more digits (citation marks and years aside). */
const FIGURE = /(?<![\w.[:])(?:\d{1,2}:\d\d\b|[-−]?\$?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|thousand|million|billion|trillion|bn|mn)\b|%)?)/gi;

/**
 * Checks a reader's reply before it is shown: it says something, copies no scaffolding, cites
 * only passages it was given, states no figure that neither a cited passage nor Sieve's findings
 * print, does not contradict Sieve's verdict, and does not deny what Sieve found.
 */
export function checkReply(reply: string, ground: ReplyGround): ReplyCheck {
  const text = reply.trim();
  const problems: string[] = [];
  const nothing = text.toLowerCase().startsWith(NOTHING_STATED.toLowerCase().slice(0, 20));
  if (!/\p{L}{2}/u.test(text.replace(/\[\d+\]/g, ''))) return { ok: false, problems: ['it says nothing besides citation marks'], nothing: false };
  if (SCAFFOLD.test(text)) problems.push('it copies the labels or scores of the prompt');
  const numbers = ground.passages.map((p) => p.n);
  const cited = [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  const unknown = [...new Set(cited.filter((n) => !numbers.includes(n)))];
  if (unknown.length) problems.push(`it cites ${unknown.map((n) => `[${n}]`).join(', ')}, which it was not given`);
  if (sentences(text) > MAX_SENTENCES) problems.push(`it runs to more than ${MAX_SENTENCES} sentences`);
  const found = ground.findings.length > 0;
  if (found && (nothing || DENIES.test(text))) problems.push('it says the documents do not state what Sieve found in them');
  const lead = text.match(/^\W*(yes|no)\b/i)?.[1];
  if (ground.verdict && lead && lead.toLowerCase() !== ground.verdict.toLowerCase()) problems.push(`it answers ${cap(lead)} where Sieve's figures say ${ground.verdict}`);
  else if (ground.verdict && !lead) problems.push(`it does not begin with ${ground.verdict}, as Sieve's reading does`);
  if (ground.lead && !carries(text, ground.lead)) problems.push(`it leaves out ${ground.lead}, which Sieve found`);
  const sources = [...ground.findings, ...ground.passages.filter((p) => cited.includes(p.n)).map((p) => p.text)];
  const loose = stated(text).filter((f) => !sources.some((s) => printedIn(f, s)));
  if (loose.length)
    problems.push(`it states ${loose.map((f) => f.raw).join(', ')}, which ${cited.length ? 'no cited passage nor' : 'nothing it cites nor'} Sieve's findings print`);
  if (!nothing && cited.length === 0 && !found) problems.push('it cites no passage');
  return { ok: problems.length === 0, problems, nothing };
}

/** Whether a reply carries Sieve's lead: its figures (rounded counts), or its words when it has none ("Health Care"). */
function carries(reply: string, lead: string): boolean {
  const figures = stated(lead);
  if (figures.length) return figures.every((f) => printedIn(f, reply) || stated(reply).some((r) => printedIn(r, lead) && r.value === f.value));
  return reply.toLowerCase().replace(/\s+/g, ' ').includes(lead.toLowerCase().replace(/\s+/g, ' '));
}

interface Stated {
  raw: string;
  value: number;
}

/** The figures a text states (years and citation marks aside), with their values in units. */
export function stated(text: string): Stated[] {
  const out: Stated[] = [];
  for (const m of text.replace(/\[\d+\]/g, ' ').matchAll(FIGURE)) {
    const raw = m[0].trim();
    if (/:/.test(raw)) {
      out.push({ raw, value: NaN });
      continue;
    }
    const digits = raw.replace(/[^\d.]/g, '');
    if (/^(?:19|20)\d\d$/.test(digits) && !/[$%]/.test(raw)) continue;
    if (digits.replace('.', '').length < 2 && !/[$%.]/.test(raw)) continue;
    out.push({ raw, value: valueOf(raw) });
  }
  return out;
}

/** Whether a source prints a figure: the same number, or one the figure rounds ("$1.8 billion" for "$1,815 million", "21%" for "20.8%"). */
function printedIn(f: Stated, source: string): boolean {
  const digits = significant(f.raw);
  return stated(source).some(
    (s) => s.raw === f.raw || s.value === f.value || (isPercent(f) === isPercent(s) && Math.abs(roundTo(s.value, digits) - f.value) <= 1e-9 * Math.abs(f.value)),
  );
}

function isPercent(f: Stated): boolean {
  return /%|percent/i.test(f.raw);
}

/** Significant digits a figure is printed with ("1.8" → 2, "1,815" → 4, "1,800" → 2). */
function significant(raw: string): number {
  const d = raw.replace(/[^\d.]/g, '');
  const [whole, frac = ''] = d.split('.');
  const w = whole.replace(/^0+/, '');
  return frac ? w.length + frac.length : w.replace(/0+$/, '').length || 1;
}

function roundTo(value: number, digits: number): number {
  if (value === 0) return 0;
  const p = Math.pow(10, digits - Math.ceil(Math.log10(Math.abs(value) + 1e-12)));
  return Math.round(value * p) / p;
}

function valueOf(raw: string): number {
  const n = Number(raw.replace(/[^\d.]/g, '')) * (/^[-−]/.test(raw) ? -1 : 1);
  // "bn" and "mn" may be glued to the figure ("$4.2bn").
  const scale = /thousand/i.test(raw) ? 1e3 : /million|(?<![a-z])mn\b/i.test(raw) ? 1e6 : /billion|(?<![a-z])bn\b/i.test(raw) ? 1e9 : /trillion/i.test(raw) ? 1e12 : 1;
  return n * scale;
}

function sentences(text: string): number {
  return text.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((s) => s.trim().length > 0).length;
}

function cap(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1).toLowerCase();
}
