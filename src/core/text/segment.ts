import type { Sentence } from '../types';
import { BEFORE_NUMBER, MAY_END, MONTHS, NEVER_FINAL, SECTION_WORDS, SENTENCE_OPENERS } from './abbreviations';

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** Characters after which the Unicode segmenter may break; a line without any is one sentence. */
const TERMINATOR = /[.?!\u2026\u203c\u203d\u3002\uff01\uff0e\uff1f]/;
const HAS_WORD = /[\p{L}\p{N}]/u;
const OPENING_PUNCT = /^[("'[\u201c\u2018]+/;
const SECTION_NUMBER = /^(?:\d+[A-Za-z]?|[IVXLC]+|[A-Z])(?:\.\d+)*\.$/;
const DOTTED_INITIALS = /^(?:\p{L}\.){2,}$/u;
const SINGLE_INITIAL = /^\p{L}\.$/u;
const LOOK_BACK = 80;
const WINDOW = 2000;

/**
 * Splits text into sentences with exact offsets into `text`. Every "\n" is a hard boundary
 * (paragraphs, table rows, list items and headings stay separate); a line holding a table
 * row (" | ") is never split; inside a line, the Unicode sentence segmenter's breaks are
 * kept unless they fall after an abbreviation, an initial or a section number.
 * Ranges are trimmed; ranges without a letter or digit are skipped.
 */
export function segmentSentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let lineStart = 0;
  while (lineStart <= text.length) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    segmentLine(text, lineStart, lineEnd, out);
    lineStart = lineEnd + 1;
  }
  return out;
}

function segmentLine(text: string, start: number, end: number, out: Sentence[]): void {
  const line = text.slice(start, end);
  if (line.includes(' | ') || !TERMINATOR.test(line)) {
    push(text, start, end, out);
    return;
  }
  let sentenceStart = 0;
  for (const at of candidateBreaks(line)) {
    if (isFalseBreak(line, sentenceStart, at)) continue;
    push(text, start + sentenceStart, start + at, out);
    sentenceStart = at;
  }
  push(text, start + sentenceStart, end, out);
}

/**
 * The Unicode segmenter's break offsets inside `line` (excluding 0 and the end). V8's segment
 * iterator slows down quadratically with the number of segments in one string, so long lines
 * are fed in windows; the last break of a window is dropped, as text beyond it can change it.
 */
function candidateBreaks(line: string): number[] {
  const breaks: number[] = [];
  let pos = 0;
  let width = WINDOW;
  while (pos < line.length) {
    const end = Math.min(line.length, pos + width);
    const found: number[] = [];
    for (const { index } of segmenter.segment(line.slice(pos, end))) {
      if (index > 0) found.push(pos + index);
    }
    if (end < line.length) found.pop();
    if (end === line.length) {
      breaks.push(...found);
      break;
    }
    if (found.length === 0) {
      width *= 2; // one sentence longer than the window: look further
      continue;
    }
    breaks.push(...found);
    pos = found[found.length - 1];
    width = WINDOW;
  }
  return breaks;
}

function push(text: string, start: number, end: number, out: Sentence[]): void {
  while (start < end && isSpace(text.charCodeAt(start))) start++;
  while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
  if (start === end) return;
  const sentence = text.slice(start, end);
  if (!HAS_WORD.test(sentence)) return;
  out.push({ index: out.length, start, end, text: sentence });
}

/** Whether the segmenter's break at `at` (the sentence so far starting at `from`) is false. */
function isFalseBreak(line: string, from: number, at: number): boolean {
  // A bounded look-back keeps long runs of false breaks linear.
  const windowStart = Math.max(from, at - LOOK_BACK);
  const before = line.slice(windowStart, at).trimEnd();
  if (!before.endsWith('.')) return false;
  const lastSpace = before.lastIndexOf(' ');
  const token = before.slice(lastSpace + 1).replace(OPENING_PUNCT, '');
  const next = (/^\S*/.exec(line.slice(at, at + LOOK_BACK))?.[0] ?? '').replace(OPENING_PUNCT, '');
  const lower = token.toLowerCase();

  if (NEVER_FINAL.has(lower) || SINGLE_INITIAL.test(token)) return true;
  if (BEFORE_NUMBER.has(lower)) return /^[\d#]/.test(next);
  if (MONTHS.has(token)) return /^\d/.test(next) || !SENTENCE_OPENERS.has(next);
  if (MAY_END.has(lower) || DOTTED_INITIALS.test(token)) return !SENTENCE_OPENERS.has(next);
  if (SECTION_NUMBER.test(token)) {
    if (lastSpace < 0) return windowStart === from; // the sentence opens with "1." or "7A."
    const previous = before.slice(before.lastIndexOf(' ', lastSpace - 1) + 1, lastSpace).toLowerCase();
    return SECTION_WORDS.has(previous);
  }
  return false;
}

function isSpace(code: number): boolean {
  return (
    code <= 32 ||
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
