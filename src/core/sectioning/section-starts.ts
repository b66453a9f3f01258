/** Validating the section starts the model named, and stitching every window's into sections. */
import type { SectionSpan } from '../types';
import type { Window } from './line-windows';
import type { SectionStart } from './reply-parsing';
import { firstSentenceName, truncateWords } from './section-names';
import type { TextRange } from './text-range';

/** Clamps, orders and de-duplicates one window's starts and keeps those the window decides for. */
export function repairWindow(raw: SectionStart[], w: Window, label: string, problems: string[]): SectionStart[] {
  let clamped = 0;
  const entries = raw.map((s) => {
    if (s.line < w.from || s.line >= w.to) {
      clamped++;
      return { ...s, line: Math.min(w.to - 1, Math.max(w.from, s.line)) };
    }
    return s;
  });
  if (clamped) problems.push(`${label}: clamped ${clamped} out-of-range line number${clamped === 1 ? '' : 's'}`);

  let descending = 0;
  for (let i = 1; i < entries.length; i++) if (entries[i].line < entries[i - 1].line) descending++;
  let ordered = entries;
  if (entries.length > 2 && descending > (entries.length - 1) / 2) {
    ordered = [...entries].sort((a, b) => a.line - b.line);
    problems.push(`${label}: section starts were listed in reverse order; sorted them`);
  }
  const kept: SectionStart[] = [];
  let duplicates = 0;
  let backwards = 0;
  for (const s of ordered) {
    const last = kept[kept.length - 1];
    if (last && s.line === last.line) duplicates++;
    else if (last && s.line < last.line) backwards++;
    else kept.push(s);
  }
  if (duplicates) problems.push(`${label}: dropped ${duplicates} duplicate section start${duplicates === 1 ? '' : 's'}`);
  if (backwards) problems.push(`${label}: dropped ${backwards} section start${backwards === 1 ? '' : 's'} going backwards`);
  return kept.filter((s) => s.line >= w.own && s.line < w.ownEnd);
}

/** Strips markdown, quotes and trailing punctuation from a title. */
function cleanTitle(title: string): string {
  let t = title.replace(/\s+/g, ' ').trim();
  for (let i = 0; i < 3; i++) {
    t = t
      .replace(/^#+\s*/, '')
      .replace(/^(\*\*|__|\*|_|`)(.*)\1$/, '$2')
      .replace(/^(\*\*|__|`)/, '')
      .replace(/(\*\*|__|`)$/, '')
      .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
      .replace(/^(?:title|section)\s*[:=]\s*/i, '')
      .replace(/[\s:;,.\-–—]+$/, '')
      .trim();
  }
  return t;
}

/** Stitches the windows' starts into sections: first at line 0, short ones merged, titles cleaned. */
export function stitchSections(text: string, lines: TextRange[], raw: SectionStart[], minChars: number, maxTitle: number, problems: string[]): SectionSpan[] {
  const starts: (SectionStart & { given: boolean })[] = [];
  for (const s of raw) {
    const last = starts[starts.length - 1];
    if (last && s.line <= last.line) {
      problems.push(`dropped section start at line ${s.line}: not after line ${last.line}`);
      continue;
    }
    starts.push({ ...s, given: true });
  }
  if (starts.length === 0 || starts[0].line !== 0) {
    const first = text.slice(lines[0].start, lines[0].end).trim();
    const title = first.length <= 60 && !first.includes('\n') ? first : 'Introduction';
    starts.unshift({ line: 0, title, given: false });
    problems.push(`no section started at line 0; added one titled "${title}"`);
  }

  const startChar = (i: number) => lines[starts[i].line].start;
  const endChar = (i: number) => (i + 1 < starts.length ? startChar(i + 1) : lines[lines.length - 1].end);
  let merged = 0;
  for (let guard = 0; starts.length > 1 && guard < raw.length + 2; guard++) {
    const short = starts.findIndex((_, i) => endChar(i) - startChar(i) < minChars);
    if (short < 0) break;
    merged++;
    if (short === 0) {
      // A short opening section joins the next; keep the title the model gave, else the next one's.
      const next = starts[1];
      const title = starts[0].given && starts[0].title.trim() ? starts[0].title : next.title;
      starts.splice(1, 1);
      starts[0] = { ...starts[0], title, given: true };
    } else {
      starts.splice(short, 1);
    }
  }
  if (merged) problems.push(`merged ${merged} section${merged === 1 ? '' : 's'} shorter than ${minChars} characters into a neighbour`);

  let cleaned = 0;
  let capped = 0;
  let filled = 0;
  const sections: SectionSpan[] = [];
  for (let i = 0; i < starts.length; i++) {
    const start = startChar(i);
    let end = endChar(i);
    while (end > start && /\s/.test(text[end - 1])) end--;
    const original = starts[i].title.replace(/\s+/g, ' ').trim();
    let title = cleanTitle(original);
    if (title !== original && title) cleaned++;
    if (!title) {
      title = firstSentenceName(text.slice(start, end));
      filled++;
    }
    if (title.length > maxTitle) {
      title = truncateWords(title, maxTitle);
      capped++;
    }
    sections.push({ start, end, path: [title] });
  }
  if (cleaned) problems.push(`removed markdown, quotes or trailing punctuation from ${cleaned} title${cleaned === 1 ? '' : 's'}`);
  if (filled) problems.push(`named ${filled} untitled section${filled === 1 ? '' : 's'} by its first sentence`);
  if (capped) problems.push(`shortened ${capped} title${capped === 1 ? '' : 's'} to ${maxTitle} characters`);
  return sections;
}
