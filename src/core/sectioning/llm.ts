/**
 * LLM sectioning (dsRAG-style): the document's lines are numbered, shown to the model in
 * overlapping windows, and the model names the line where each cohesive section starts and a
 * short title. Replies are parsed tolerantly (line form or JSON), validated and repaired; every
 * repair is reported in `problems`. A window whose reply cannot be used falls back to
 * heuristicSections for its text.
 */
import type { SectionSpan } from '../types';
import type { ChatMessage, LlmEngine } from '../llm/engine';
import { isAbort } from '../abort';
import { addUsage, generationUsage, NO_USAGE } from '../pipeline/usage';
import { segmentSentences } from '../text/segment';
import { firstSentenceName, heuristicSections, pushTrimmed, truncateWords, type HeuristicOptions, type TextRange } from './heuristic';
import { SECTIONING_SYSTEM, sectioningPrompt } from './prompts';

interface LlmSectionsOptions {
  signal?: AbortSignal;
  /** Lines shown to the model at once (default 150). */
  windowLines?: number;
  /** Lines repeated at the start of the next window (default 10, at most a fifth of a window). */
  overlapLines?: number;
  /** Most characters of text in one window (default 16,000), so a window fits the model's context. */
  maxWindowChars?: number;
  /** Lines longer than this are split at sentences, then words (default 200). */
  maxLineChars?: number;
  /** Sections shorter than this are merged into their neighbour (default 300 characters). */
  minSectionChars?: number;
  /** Longest title kept (default 80 characters). */
  maxTitleChars?: number;
  /** Tokens the model may generate per window (default 512). */
  maxTokens?: number;
  /** Options for the heuristic fallback. */
  heuristic?: HeuristicOptions;
}

interface LlmSectionsResult {
  sections: SectionSpan[];
  usage: { calls: number; promptTokens: number; generatedTokens: number };
  /** Every repair made to the model's output, and every fallback, in words. */
  problems: string[];
  /** Windows of lines the model sectioned, and those where its reply was unusable and the heuristic stood in. */
  windows: { model: number; heuristic: number };
}

/** One section start as the model (or the fallback) gave it: a document-wide line number. */
interface SectionStart {
  line: number;
  title: string;
}

interface ParsedReply {
  starts: SectionStart[];
  /** Reply lines that held no line number. */
  ignored: number;
  format: 'lines' | 'json';
}

/**
 * Numbered lines of `text`: each non-blank physical line, trimmed; lines longer than
 * `maxLineChars` are split into sentences, and sentences still too long at spaces.
 */
function numberLines(text: string, maxLineChars = 200): TextRange[] {
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

const TITLE_KEYS = ['title', 'name', 'heading', 'section', 'label', 'topic'];
const LINE_KEYS = ['line', 'start', 'start_line', 'startLine', 'line_number', 'lineNumber', 'start_line_number', 'number', 'n'];

/** Parses a reply in "<line>: <title>" form (with common variations) or as JSON. */
export function parseSectioningReply(reply: string): ParsedReply {
  const body = reply.replace(/```[a-z]*\s*/gi, '').trim();
  const json = parseJsonStarts(body);
  const starts: SectionStart[] = [];
  let ignored = 0;
  for (const raw of body.split('\n')) {
    if (!raw.trim()) continue;
    const entry = parseLine(raw);
    if (entry) starts.push(entry);
    else ignored++;
  }
  // A bracketed aside such as "[1]" parses as JSON too: take JSON only when it names more starts.
  if (json && json.length > starts.length) return { starts: json, ignored: 0, format: 'json' };
  return { starts, ignored, format: 'lines' };
}

const LINE_FORM = /^\[?(?:lines?|ln|l)?\.?\s*#?\s*(\d+)\]?(?:\s*(?:-|–|—|to)\s*\d+\]?)?\s*(?:[:\-–—.)|=>]+\s*|\s+|$)(.*)$/i;

function parseLine(raw: string): SectionStart | null {
  let s = raw
    .trim()
    .replace(/^(?:[-*•+>]\s+|#+\s*)/, '')
    .replace(/^(?:\*\*|__)/, '')
    .trim();
  s = s.replace(/^(\[?(?:lines?\s*)?\d+\]?)(?:\*\*|__)/i, '$1');
  const m = LINE_FORM.exec(s);
  if (m) return { line: Number(m[1]), title: m[2] ?? '' };
  const loose = /\blines?\s*#?\s*(\d+)/i.exec(s);
  if (!loose) return null;
  const after = s.slice(loose.index + loose[0].length).replace(/^[\s:\-–—.)|\]]+/, '');
  const before = s.slice(0, loose.index).replace(/[\s:\-–—(,[]+$/, '');
  return { line: Number(loose[1]), title: after || before };
}

function parseJsonStarts(body: string): SectionStart[] | null {
  const tries = [body];
  const a = body.indexOf('[');
  const b = body.lastIndexOf(']');
  if (a >= 0 && b > a) tries.push(body.slice(a, b + 1));
  const c = body.indexOf('{');
  const d = body.lastIndexOf('}');
  if (c >= 0 && d > c) tries.push(body.slice(c, d + 1));
  for (const t of tries) {
    if (!/^[[{]/.test(t)) continue;
    let value: unknown;
    try {
      value = JSON.parse(t);
    } catch {
      continue;
    }
    const starts = fromJson(value);
    if (starts.length > 0) return starts;
  }
  return null;
}

function toLine(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return Math.round(v);
  if (typeof v === 'string') {
    const m = /\d+/.exec(v);
    if (m) return Number(m[0]);
  }
  return null;
}

function fromJson(value: unknown): SectionStart[] {
  const out: SectionStart[] = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (Array.isArray(item)) {
        const line = toLine(item[0]);
        if (line !== null) out.push({ line, title: typeof item[1] === 'string' ? item[1] : '' });
      } else if (typeof item === 'number') {
        out.push({ line: Math.round(item), title: '' });
      } else if (typeof item === 'string') {
        const entry = parseLine(item);
        if (entry) out.push(entry);
      } else if (item && typeof item === 'object') {
        const o = item as Record<string, unknown>;
        const lineKey = LINE_KEYS.find((k) => toLine(o[k]) !== null);
        if (lineKey === undefined) continue;
        const titleKey = TITLE_KEYS.find((k) => typeof o[k] === 'string');
        out.push({ line: toLine(o[lineKey]) as number, title: titleKey ? (o[titleKey] as string) : '' });
      }
    }
    return out;
  }
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    for (const key of ['sections', 'items', 'result', 'results', 'data']) if (Array.isArray(o[key])) return fromJson(o[key]);
    if (LINE_KEYS.some((k) => toLine(o[k]) !== null)) return fromJson([o]);
    for (const [k, v] of Object.entries(o)) if (/^\d+$/.test(k.trim())) out.push({ line: Number(k), title: typeof v === 'string' ? v : '' });
  }
  return out;
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

interface Window {
  from: number;
  to: number;
  /** Lines this window decides for: [own, ownEnd). */
  own: number;
  ownEnd: number;
}

function makeWindows(lines: TextRange[], size: number, overlap: number, maxChars: number): Window[] {
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

/** Sections for `text` chosen by the model, validated, repaired and mapped to character offsets. */
export async function llmSections(engine: LlmEngine, text: string, options: LlmSectionsOptions = {}): Promise<LlmSectionsResult> {
  const signal = options.signal;
  let usage = { ...NO_USAGE };
  const problems: string[] = [];
  signal?.throwIfAborted();
  const lines = numberLines(text, options.maxLineChars ?? 200);
  const counts = { model: 0, heuristic: 0 };
  if (lines.length === 0) return { sections: [], usage, problems, windows: counts };
  const windowLines = Math.max(5, options.windowLines ?? 150);
  const windows = makeWindows(lines, windowLines, Math.max(0, options.overlapLines ?? 10), options.maxWindowChars ?? 16000);
  const maxTitle = options.maxTitleChars ?? 80;

  const starts: SectionStart[] = [];
  for (let k = 0; k < windows.length; k++) {
    signal?.throwIfAborted();
    const w = windows[k];
    const label = windows.length > 1 ? `window ${k + 1} (lines ${w.from}–${w.to - 1})` : `lines ${w.from}–${w.to - 1}`;
    const numbered = lines
      .slice(w.from, w.to)
      .map((l, i) => `[${w.from + i}] ${text.slice(l.start, l.end).replace(/\s*\n\s*/g, ' ')}`)
      .join('\n');
    const messages: ChatMessage[] = [
      { role: 'system', content: SECTIONING_SYSTEM },
      { role: 'user', content: sectioningPrompt({ numberedLines: numbered, firstLine: w.from, lastLine: w.to - 1, continuation: k > 0 }) },
    ];
    let parsed: ParsedReply = { starts: [], ignored: 0, format: 'lines' };
    let failure = '';
    try {
      const gen = await engine.generate(messages, { maxTokens: options.maxTokens ?? 512, temperature: 0, signal });
      usage = addUsage(usage, generationUsage(gen));
      if (gen.finishReason === 'abort') signal?.throwIfAborted();
      parsed = parseSectioningReply(gen.text);
      if (gen.finishReason === 'length' && parsed.starts.length > 0) problems.push(`${label}: reply was cut off at the token limit; used the sections it named`);
      if (parsed.starts.length === 0) failure = 'reply named no section start';
    } catch (e) {
      if (isAbort(e, signal)) throw e;
      failure = `model failed (${e instanceof Error ? e.message : String(e)})`;
    }

    if (failure) {
      const fallback = heuristicStarts(text, lines, w, options.heuristic);
      problems.push(`${label}: ${failure}; used heuristic sectioning there (${fallback.length} section start${fallback.length === 1 ? '' : 's'})`);
      starts.push(...fallback);
      counts.heuristic++;
      continue;
    }
    counts.model++;
    if (parsed.ignored > 0) problems.push(`${label}: ignored ${parsed.ignored} reply line${parsed.ignored === 1 ? '' : 's'} without a line number`);
    starts.push(...repairWindow(parsed.starts, w, label, problems));
  }

  return { sections: finish(text, lines, starts, options.minSectionChars ?? 300, maxTitle, problems), usage, problems, windows: counts };
}

/** Clamps, orders and de-duplicates one window's starts and keeps those the window decides for. */
function repairWindow(raw: SectionStart[], w: Window, label: string, problems: string[]): SectionStart[] {
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

/** Heuristic section starts for the lines a window decides for. */
function heuristicStarts(text: string, lines: TextRange[], w: Window, options?: HeuristicOptions): SectionStart[] {
  if (w.own >= w.ownEnd) return [];
  const from = lines[w.own].start;
  const to = lines[w.ownEnd - 1].end;
  const spans = heuristicSections(text.slice(from, to), options);
  const out: SectionStart[] = [];
  for (let i = 0; i < spans.length; i++) {
    const at = from + spans[i].start;
    const line = lineAt(lines, at);
    if (line < w.own || line >= w.ownEnd) continue;
    if (i === 0 && w.own > 0) {
      // The window's text continues a section begun earlier, unless it opens with a title.
      const firstText = text.slice(lines[line].start, lines[line].end).trim();
      if (spans[0].path[0] !== firstText) continue;
    }
    out.push({ line, title: spans[i].path[0] ?? '' });
  }
  return out;
}

/** The first line starting at or after `offset`. */
function lineAt(lines: TextRange[], offset: number): number {
  let lo = 0;
  let hi = lines.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (lines[mid].start < offset) lo = mid + 1;
    else hi = mid;
  }
  return Math.min(lo, lines.length - 1);
}

/** Stitches the windows' starts into sections: first at line 0, short ones merged, titles cleaned. */
function finish(text: string, lines: TextRange[], raw: SectionStart[], minChars: number, maxTitle: number, problems: string[]): SectionSpan[] {
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
