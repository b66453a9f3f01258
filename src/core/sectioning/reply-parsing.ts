/** One section start as the model (or the fallback) gave it: a document-wide line number. */
export interface SectionStart {
  line: number;
  title: string;
}

export interface ParsedReply {
  starts: SectionStart[];
  /** Reply lines that held no line number. */
  ignored: number;
  format: 'lines' | 'json';
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
