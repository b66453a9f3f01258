import { MIN_FACT_COVERAGE, typedSpans, type ReadUnit } from './fact';
import { aboutYearsAsked } from './verdict';

/** "By how much did …", "how much larger …": a change between two values the question wants computed. */
const CHANGE_ASKED =
  /\bby\s+how\s+much\b|\bhow\s+much\s+(?:larger|smaller|higher|lower|more|less|bigger)\b|\bhow\s+much\s+(?:did|has|have|had|was|were|does|do)\b[^?]*\b(?:increas\w*|decreas\w*|chang\w*|gr[eo]w\w*|rise|rose|risen|f[ae]ll\w*|declin\w*|rais\w*|cut)\b/i;
/** How many of the best units are searched for a pair of values. */
const UNITS_READ = 8;
const SCALES: Record<string, number> = { thousand: 1e3, k: 1e3, million: 1e6, mn: 1e6, m: 1e6, billion: 1e9, bn: 1e9, b: 1e9, trillion: 1e12 };

/** A change read from one sentence: its two values, verbatim, and the difference Sieve computed. */
export interface ChangeFound {
  kind: 'money' | 'percent';
  from: { span: string; start: number; end: number };
  to: { span: string; start: number; end: number };
  /** to − from, in units (money) or percentage points. */
  change: number;
  unit: ReadUnit;
}

export function changeAsked(question: string): boolean {
  return CHANGE_ASKED.test(question);
}

/**
 * The change a question asks for, from the best sentence printing both values as a pair: "from
 * $3.8 billion to $4.2 billion", "to $2.06 from $1.71", "$5.2 billion, up from $4.8 billion",
 * "$5.2 billion compared with $4.8 billion". Both values are read verbatim; Sieve computes the
 * difference. Undefined when no sentence covering the question prints such a pair.
 */
export function changeFrom(question: string, units: ReadUnit[]): ChangeFound | undefined {
  if (!changeAsked(question)) return undefined;
  const best = Math.max(0, ...units.map((u) => u.coverage));
  for (const unit of units.slice(0, UNITS_READ)) {
    if (unit.coverage < MIN_FACT_COVERAGE || unit.coverage < MIN_FACT_COVERAGE * best || !aboutYearsAsked(question, unit.text)) continue;
    for (const kind of ['money', 'percent'] as const) {
      const spans = typedSpans(unit.text, kind);
      for (let i = 0; i + 1 < spans.length; i++) {
        const [a, b] = [spans[i], spans[i + 1]];
        const before = unit.text.slice(Math.max(0, a.start - 8), a.start);
        const between = unit.text.slice(a.end, b.start);
        let pair: [typeof a, typeof a] | undefined;
        if (/\bfrom\s*$/i.test(before) && /^\s*to\s*$/i.test(between)) pair = [a, b];
        else if (/\bto\s*$/i.test(before) && /^\s*,?\s*(?:(?:up|down)\s+)?from\s*$/i.test(between)) pair = [b, a];
        else if (/^\s*,?\s*(?:(?:up|down)\s+from|compared\s+(?:with|to)|versus|vs\.?)\s*$/i.test(between)) pair = [b, a];
        if (!pair) continue;
        const [from, to] = pair.map((s) => valueOf(s.span, kind));
        if (from === undefined || to === undefined) continue;
        return { kind, from: pair[0], to: pair[1], change: to - from, unit };
      }
    }
  }
  return undefined;
}

/** A span's value: money in units (its scale word applied), a percentage as printed. */
function valueOf(span: string, kind: 'money' | 'percent'): number | undefined {
  const m = span.match(/(\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?)\s?(thousand|million|billion|trillion|bn|mn|[mMbBkK]\b)?/);
  if (!m) return undefined;
  const n = Number(m[1].replace(/,/g, ''));
  return kind === 'percent' ? n : n * (m[2] ? (SCALES[m[2].toLowerCase()] ?? 1) : 1);
}

/** The change as a reader wants it first: "+$0.35 (from $1.71 to $2.06)", "-1.2 percentage points (from 20.2% to 19.0%)". */
export function changeLead(c: ChangeFound): string {
  const sign = c.change > 0 ? '+' : c.change < 0 ? '-' : '';
  const abs = Math.abs(c.change);
  let shown: string;
  if (c.kind === 'percent') shown = `${sign}${round(abs)} percentage points`;
  else {
    const scale = /billion|bn|\bb\b/i.test(c.to.span) ? 1e9 : /million|mn|\bm\b/i.test(c.to.span) ? 1e6 : /thousand|\bk\b/i.test(c.to.span) ? 1e3 : 1;
    const word = scale === 1e9 ? ' billion' : scale === 1e6 ? ' million' : scale === 1e3 ? ' thousand' : '';
    shown = `${sign}$${round(abs / scale)}${word}`;
  }
  return `${shown} (from ${c.from.span} to ${c.to.span}), computed by Sieve from the two values in the sentence`;
}

function round(n: number): string {
  return (Math.round(n * 100) / 100).toLocaleString('en-US', { maximumFractionDigits: 2 });
}
