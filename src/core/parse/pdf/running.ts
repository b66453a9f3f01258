import type { Line } from './lines';

interface PageLines {
  page: number;
  height: number;
  lines: Line[];
}

// How far into the page (share of its height) running headers and footers may sit.
const ZONE = 0.12;
// How many lines at each end of a page are looked at.
const DEPTH = 3;
// "12", "Page 12 of 40", "- 12 -", "F-7", "xiv"; four digits are left alone, they are more often years.
const PAGE_NUMBER = /^(?:page\s+)?(?:\d{1,3}|x{0,3}(?:ix|iv|v?i{0,3})|[a-z]-\d{1,3})(?:\s+of\s+\d{1,4})?$|^[-–—]\s*\d{1,3}\s*[-–—]$/i;

/** The same header on pages 3 and 47 ("Annual Report 2018 | 3") has the same key. */
export function runningKey(text: string): string {
  return text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim();
}

export function isPageNumber(text: string): boolean {
  return PAGE_NUMBER.test(text.trim());
}

type Zone = 'header' | 'footer';

/**
 * Where running lines are looked for: the first and last few lines of a page when they sit in
 * its top or bottom margin, and always its very first and very last line (some producers print
 * the footer right under the text rather than in the margin).
 */
function zoneLines(p: PageLines): Array<{ line: Line; zone: Zone }> {
  const out: Array<{ line: Line; zone: Zone }> = [];
  const n = p.lines.length;
  p.lines.forEach((line, i) => {
    if (i === 0 || (i < DEPTH && line.y <= p.height * ZONE)) out.push({ line, zone: 'header' });
    else if (i === n - 1 || (i >= n - DEPTH && line.y >= p.height * (1 - ZONE))) out.push({ line, zone: 'footer' });
  });
  return out;
}

/**
 * The first or last line of a page, set apart from the text next to it: some producers print
 * the page number right under the last paragraph rather than in the margin.
 */
function detachedEnds(p: PageLines): Line[] {
  const { lines } = p;
  const n = lines.length;
  if (n < 2) return [];
  const out: Line[] = [];
  if (lines[1].y - lines[0].y > 1.8 * lines[1].fontSize) out.push(lines[0]);
  if (lines[n - 1].y - lines[n - 2].y > 1.8 * lines[n - 1].fontSize) out.push(lines[n - 1]);
  return out;
}

/**
 * Drops lines that repeat (digits aside) near the top or bottom of many pages, and bare page
 * numbers there. Returns the remaining lines and one warning per kind of line removed; when
 * that would leave the document without any line, nothing is removed.
 */
export function removeRunningLines(pages: PageLines[]): { pages: PageLines[]; warnings: string[] } {
  const withText = pages.filter((p) => p.lines.length > 0).length;
  const minPages = Math.max(3, Math.ceil(withText * 0.3));
  const seen = new Map<string, { pages: Set<number>; samples: Set<string> }>();
  for (const p of pages) {
    for (const { line, zone } of zoneLines(p)) {
      const key = `${zone}:${runningKey(line.text)}`;
      const entry = seen.get(key) ?? { pages: new Set(), samples: new Set() };
      entry.pages.add(p.page);
      entry.samples.add(line.text);
      seen.set(key, entry);
    }
  }
  const running = new Set([...seen].filter(([, e]) => e.pages.size >= minPages).map(([k]) => k));
  const removedRunning = new Map<string, Set<number>>();
  const numbered = new Set<number>();
  const out = pages.map((p) => {
    const drop = new Set<Line>();
    for (const line of detachedEnds(p)) {
      if (isPageNumber(line.text)) {
        drop.add(line);
        numbered.add(p.page);
      }
    }
    for (const { line, zone } of zoneLines(p)) {
      const key = `${zone}:${runningKey(line.text)}`;
      if (isPageNumber(line.text)) {
        drop.add(line);
        numbered.add(p.page);
      } else if (running.has(key)) {
        drop.add(line);
        const pagesOf = removedRunning.get(key) ?? new Set();
        pagesOf.add(p.page);
        removedRunning.set(key, pagesOf);
      }
    }
    return drop.size ? { ...p, lines: p.lines.filter((l) => !drop.has(l)) } : p;
  });
  // Clean-up must not empty a document: when these lines are all there is (a one-line memo,
  // short pages that only carry a title), they are its text.
  if (out.every((p) => p.lines.length === 0)) return { pages, warnings: [] };
  const warnings: string[] = [];
  for (const [key, pagesOf] of removedRunning) {
    const zone = key.startsWith('header') ? 'header' : 'footer';
    warnings.push(`Removed running ${zone} '${describe(seen.get(key)!.samples)}' from ${plural(pagesOf.size, 'page')}`);
  }
  if (numbered.size > 0) warnings.push(`Removed page numbers from ${plural(numbered.size, 'page')}`);
  return { pages: out, warnings };
}

/** One sample of a running line, with the digits that change from page to page shown as "#". */
function describe(samples: Set<string>): string {
  const texts = [...samples];
  const runs = texts.map((t) => t.match(/\d+/g) ?? []);
  let i = 0;
  const text = texts[0].replace(/\d+/g, (run) => {
    const k = i++;
    return runs.every((r) => r[k] === run) ? run : '#';
  });
  return text.length > 60 ? text.slice(0, 57) + '…' : text;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
