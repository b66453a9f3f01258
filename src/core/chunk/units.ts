import type { Sentence } from '../types';

const CLAUSE_END = /[;:,)\u2014\u2013]\s/g;

/**
 * Splits sentences longer than maxChars at the clause boundary nearest the limit, else at a
 * word boundary, else hard; so every unit fits a chunk. Units are renumbered from 0.
 */
export function toUnits(text: string, sentences: Sentence[], maxChars: number): Sentence[] {
  const units: Sentence[] = [];
  for (const s of sentences) {
    let start = s.start;
    while (s.end - start > maxChars) {
      const cut = cutPoint(text, start, start + maxChars);
      units.push(makeUnit(text, start, cut, units.length));
      start = cut;
      while (start < s.end && /\s/.test(text[start])) start++;
    }
    if (s.end > start) units.push(makeUnit(text, start, s.end, units.length));
  }
  return units;
}

function makeUnit(text: string, start: number, end: number, index: number): Sentence {
  let e = end;
  while (e > start && /\s/.test(text[e - 1])) e--;
  return { index, start, end: e, text: text.slice(start, e) };
}

/** Best end offset in (start, limit]: clause end in the second half, else last space, else limit. */
function cutPoint(text: string, start: number, limit: number): number {
  const window = text.slice(start, limit + 1);
  let clause = -1;
  CLAUSE_END.lastIndex = 0;
  for (let m = CLAUSE_END.exec(window); m; m = CLAUSE_END.exec(window)) {
    if (m.index + 1 <= limit - start) clause = m.index + 1;
  }
  if (clause > (limit - start) / 2) return start + clause;
  const space = window.lastIndexOf(' ', limit - start);
  if (space > 0) return start + space;
  return limit;
}
