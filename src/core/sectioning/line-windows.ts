/** The document as numbered lines, and the overlapping windows of them the model is shown. */
import { segmentSentences } from '../text';
import { pushTrimmed, type TextRange } from './text-range';

/**
 * Numbered lines of `text`: each non-blank physical line, trimmed; lines longer than
 * `maxLineChars` are split into sentences, and sentences still too long at spaces.
 */
export function numberLines(text: string, maxLineChars = 200): TextRange[] {
  const out: TextRange[] = [];
  let pos = 0;
  while (pos <= text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const line: TextRange[] = [];
    pushTrimmed(text, pos, end, line);
    for (const l of line) {
      if (l.end - l.start <= maxLineChars) {
        out.push(l);
        continue;
      }
      for (const s of segmentSentences(text.slice(l.start, l.end))) splitLong(text, l.start + s.start, l.start + s.end, maxLineChars, out);
    }
    pos = end + 1;
  }
  return out;
}

function splitLong(text: string, start: number, end: number, max: number, out: TextRange[]): void {
  while (end - start > max) {
    let cut = text.lastIndexOf(' ', start + max);
    if (cut <= start + max / 2) cut = start + max;
    pushTrimmed(text, start, cut, out);
    start = cut;
  }
  pushTrimmed(text, start, end, out);
}

export interface Window {
  from: number;
  to: number;
  /** Lines this window decides for: [own, ownEnd). */
  own: number;
  ownEnd: number;
}

export function makeWindows(lines: TextRange[], size: number, overlap: number, maxChars: number): Window[] {
  const windows: Window[] = [];
  let from = 0;
  while (from < lines.length) {
    let to = from + 1;
    while (to < lines.length && to - from < size && lines[to].end - lines[from].start <= maxChars) to++;
    windows.push({ from, to, own: from, ownEnd: to });
    if (to >= lines.length) break;
    const next = Math.max(from + 1, to - Math.min(overlap, Math.floor((to - from) / 5)));
    from = next;
  }
  for (let k = 1; k < windows.length; k++) {
    const prev = windows[k - 1];
    const w = windows[k];
    w.own = w.from + Math.ceil((prev.to - w.from) / 2);
    prev.ownEnd = w.own;
  }
  return windows;
}

/** The first line starting at or after `offset`. */
export function lineAt(lines: TextRange[], offset: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, lines.length - 1);
}
