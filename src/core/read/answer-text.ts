import type { FactFound } from './fact';
import type { Verdict } from './verdict';
import { changeLead, type ChangeFound } from './change';

export const CANNOT_JUDGE = 'Sieve cannot judge this from the documents';

/** A read span first, then the sentence it was read from, quoted and cited: "approximately 92,000: “…” [2]". */
export function factText(f: FactFound): string {
  return `${f.span}: “${oneLine(f.unit.text)}” [${f.unit.source}]`;
}

/** A computed change first, then the sentence printing both values, quoted and cited. */
export function changeText(c: ChangeFound): string {
  return `${changeLead(c)}: “${oneLine(c.unit.text)}” [${c.unit.source}]`;
}

/** The verdict first, then the passage it rests on, quoted and cited; "cannot judge" says why. */
export function verdictText(v: Verdict): string {
  if (v.verdict === 'cannot' || !v.unit) return `${CANNOT_JUDGE}: ${v.why}.`;
  return `${v.verdict === 'yes' ? 'Yes' : 'No'}: the passage that decides it says “${oneLine(v.unit.text)}” [${v.unit.source}]`;
}

/** The unit on one line, without a list item's bullet. */
export function oneLine(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .trim()
    .replace(/^[•▪◦·*–-]\s+/, '');
}
