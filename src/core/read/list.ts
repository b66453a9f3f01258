import { askedFact, type ReadUnit } from './fact';
import { distinctiveTokens, printsDistinctive } from './distinct';
import { YES_NO } from './verdict';

/**
 * Lists a question asks for ("What are the reportable segments?", "Which kernels can be used?",
 * "Into which service offerings does it break down revenue?"), read from the sentence that
 * enumerates them.
 */

/** "What are / were …", "List / Name …", or "which / what" + a plural noun + a verb ("Which new products did it announce"). */
const LIST_ASKED = [
  /^\s*(?:please\s+)?(?:list|name|enumerate)\b/i,
  /\bwhat\s+(?:are|were)\s+(?:the\s+)?(?:[\w&.-]+[’']s\s+)?(?:\w+\s+){0,3}\w{3,}s\b/i,
  /\b(?:which|what)\s+(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]{2,}(?<![su]s|[’']s)s\s+(?:are|were|did|does|do|can|could|have|has|is|was|will|would)\b/i,
];

/** The plural noun a list question asks for, as a stem ("segments" → "segment", "business units" → "unit"); undefined when it names none. */
export function listedNoun(question: string): string | undefined {
  const m =
    /\b(?:which|what)\s+(?:[a-z][\w-]*\s+){0,2}?([a-z][\w-]{2,}(?<![su]s|[’']s)s)\s+(?:are|were|did|does|do|can|could|have|has|is|was|will|would)\b/i.exec(question) ??
    /\bwhat\s+(?:are|were)\s+(?:the\s+)?(?:[\w&.-]+[’']s\s+)?(?:\w+\s+){0,3}?(\w{3,}s)\b/i.exec(question);
  return m?.[1]
    .toLowerCase()
    .replace(/(?:ies)$/, 'y')
    .replace(/(?:es|s)$/, '');
}

/** Whether a question asks for a list of items (and not a figure, a count or a yes/no). */
export function askedList(question: string): boolean {
  if (YES_NO.test(question) || askedFact(question)) return false;
  return LIST_ASKED.some((re) => re.test(question));
}

/** A list read from one unit: its items, and where the enumeration lies in the unit. */
export interface ListFound {
  items: string[];
  unit: ReadUnit;
}

/** Items a list may hold: at most this many words each. */
const ITEM_WORDS = 6;
/** An enumeration has at least this many items. */
const MIN_ITEMS = 3;
/** How many of the best units are searched for an enumeration. */
const UNITS_READ = 6;
/** The unit must cover at least this share of the question's term weight (as a fact: MIN_FACT_COVERAGE). */
const MIN_COVERAGE = 0.5;

/**
 * The items of the best unit that enumerates some: among the units covering at least half the
 * question's terms and printing its distinctive tokens, the first whose text holds a run of at
 * least three short items joined by commas and a last "and" / "or" ("… consist of the Americas,
 * Europe, Greater China, Japan and Rest of Asia Pacific"), or listed after a colon.
 */
export function listFrom(question: string, units: ReadUnit[], own: readonly string[] = []): ListFound | undefined {
  for (const unit of listingUnits(question, units, own)) {
    const items = enumeration(unit.text);
    if (items) return { items, unit };
  }
  return undefined;
}

/**
 * The best units that may hold the list asked for: sentences covering at least MIN_COVERAGE of the
 * question's terms, printing its distinctive tokens, and naming what is listed ("… reportable
 * segments consist of …"): another enumeration lists other things.
 */
function listingUnits(question: string, units: ReadUnit[], own: readonly string[]): ReadUnit[] {
  const tokens = distinctiveTokens(question, own);
  const noun = listedNoun(question);
  const names = noun ? new RegExp(`\\b${noun.slice(0, Math.max(3, noun.length - 1))}`, 'i') : undefined;
  return units.slice(0, UNITS_READ).filter((u) => !u.row && u.coverage >= MIN_COVERAGE && printsDistinctive(u.text, tokens) && (!names || names.test(u.text)));
}

/** A bulleted list has at least this many items (its layout, not commas, says it is a list). */
const MIN_BULLETS = 2;
/** A line this long or longer ends a bulleted list: it is prose again. */
const PROSE_WORDS = 40;
const BULLET = /^\s*(?:[•▪◦‣∙·*–—-]|\(?\d{1,2}[.)]|\(?[a-z][.)])\s+/;

/**
 * The items listed line by line after the best unit that introduces them ("… supports these
 * formats:" then "CSV files", "JSON lines", "Parquet", or bullets): a unit covering the question
 * as for listFrom, ending in a colon, followed in its passage (`textOf` its source) by at least
 * MIN_BULLETS short lines. Each item is its line's name part (before " - ", ": " or a full stop).
 */
export function bulletsAfter(question: string, units: ReadUnit[], textOf: (source: number) => string | undefined, own: readonly string[] = []): ListFound | undefined {
  for (const unit of listingUnits(question, units, own)) {
    const intro = (unit.unit ?? unit.text).trim();
    if (!intro.endsWith(':')) continue;
    const text = textOf(unit.source);
    const at = text?.indexOf(intro) ?? -1;
    if (!text || at < 0) continue;
    const items = linesListed(text.slice(at + intro.length));
    if (items.length >= MIN_BULLETS) return { items, unit };
  }
  return undefined;
}

/** The short lines after an introducing colon, up to a blank line after them or a line of prose. */
function linesListed(after: string): string[] {
  const items: string[] = [];
  const lines = after.replace(/^[^\n]*\n/, '').split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) {
      if (items.length > 0 || i > 1) break;
      continue;
    }
    if (line.split(/\s+/).length >= PROSE_WORDS) break;
    const name = line
      .replace(BULLET, '')
      .split(/\s+[-–—]\s+|:\s|\.\s/)[0]
      .replace(/[.;,:]+$/, '')
      .trim();
    if (!name || name.split(/\s+/).length > ITEM_WORDS) break;
    items.push(name);
  }
  return items;
}

/** The longest run of at least three short items joined by commas and a last "and" / "or" (or listed after a colon) in a text; undefined without one. A run of figures is no list of items. */
export function enumeration(text: string): string[] | undefined {
  const flat = text.replace(/\s+/g, ' ');
  let best: string[] | undefined;
  for (const m of flat.matchAll(/,?\s+(?:and|or)\s+/gi)) {
    const after = /^[^,;:.()]*/.exec(flat.slice(m.index + m[0].length))![0].replace(/\s+(?:which|that|each|respectively|can|are|is|were|was)\b.*$/i, '');
    const before = flat.slice(0, m.index).split(/,\s*/);
    const items: string[] = [];
    for (let k = before.length - 1; k >= 0; k--) {
      const piece = before[k];
      const opening = /^(?:.*)(?:[:;(]\s*|\b(?:of|as|are|include|includes|including|namely|such as)\s+)([^:;(]*)$/i.exec(piece);
      if (k < before.length - 1 && /[:;(.]/.test(piece) && !opening) break;
      const item = opening && (opening[1].split(' ').length < piece.split(' ').length || /[:;(]/.test(piece)) ? opening[1] : piece;
      if (item.trim().split(/\s+/).length > ITEM_WORDS) {
        if (opening) items.unshift(opening[1]);
        break;
      }
      items.unshift(item);
      if (item !== piece) break;
    }
    const parts = [...items, after]
      .map((p) =>
        p
          .trim()
          .replace(/^(?:the|a|an)\s+/i, '')
          .replace(/^["'“‘`]+|["'”’`]+$/g, ''),
      )
      .filter(Boolean);
    if (parts.length < MIN_ITEMS || parts.some((p) => p.split(' ').length > ITEM_WORDS)) continue;
    if (parts.filter((p) => /\d/.test(p)).length * 2 > parts.length) continue;
    if (!best || parts.length > best.length) best = parts;
  }
  // "…: Infinity, -Infinity, NaN": a colon's list without "and".
  const colon = /:\s*([^:;.]+)$/.exec(flat.replace(/[.\s]+$/, ''));
  const listed = colon?.[1]
    .split(/\s*,\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  if (!best && listed && listed.length >= MIN_ITEMS && listed.every((p) => p.split(' ').length <= ITEM_WORDS)) best = listed;
  return best;
}

/** The list first, then the sentence it was read from, quoted and cited (with "…" after the colon of a line-by-line list). */
export function listText(found: ListFound): string {
  const { items } = found;
  const joined = items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : items[0];
  const quoted = found.unit.text.replace(/\s*\n\s*/g, ' ').trim();
  return `${joined}: “${quoted}${quoted.endsWith(':') ? ' …' : ''}” [${found.unit.source}]`;
}
