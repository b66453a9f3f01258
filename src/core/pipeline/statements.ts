import type { Chunk } from '../types';

/** The financial statements a filing prints, which questions about filings often name. */
export type StatementKind = 'balance sheet' | 'income statement' | 'cash flow statement' | 'equity statement';

/** How questions name a statement, and how a statement's title line reads (the same words, with US and IFRS names). */
const NAMES: Array<[StatementKind, RegExp]> = [
  ['balance sheet', /\bbalance\s+sheets?\b|\bstatements?\s+of\s+(?:consolidated\s+)?financial\s+(?:position|condition)\b/i],
  ['income statement', /\bincome\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?(?:operations|income|earnings)\b|\bprofit\s+and\s+loss\b/i],
  ['cash flow statement', /\bcash\s+flows?\s+statements?\b|\bstatements?\s+of\s+(?:consolidated\s+)?cash\s+flows?\b/i],
  ['equity statement', /\bstatements?\s+of\s+(?:changes\s+in\s+)?(?:stockholders|shareholders)['’]?\s+equity\b/i],
];
const MAX_TITLE_WORDS = 14;

/** The statements a question names ("based on the balance sheet", "the statement of cash flows"). */
export function statementsNamed(question: string): StatementKind[] {
  return NAMES.filter(([, re]) => re.test(question)).map(([kind]) => kind);
}

/**
 * Which statement a line titles, if it is a title: short, no sentence end, not a contents
 * entry ending in a page number ("Consolidated Balance Sheets | 56"), and naming the statement
 * ("CONSOLIDATED BALANCE SHEETS", "The Kraft Heinz Company Consolidated Statements of Income
 * (in millions)"). Prose that mentions a statement is longer or ends a sentence.
 */
export function statementTitled(line: string): StatementKind | undefined {
  const l = line.trim();
  if (!l || l.split(/\s+/).length > MAX_TITLE_WORDS || /[.:;]$/.test(l) || /\d\s*$/.test(l)) return undefined;
  return NAMES.find(([, re]) => re.test(l))?.[0];
}

/**
 * The pages of these chunks that print a statement of one of the given kinds: a line of a
 * chunk, or the last part of its section path, titles it. Keyed `docId:page`.
 */
export function statementPages(chunks: Chunk[], kinds: StatementKind[]): Map<string, StatementKind> {
  const wanted = new Set(kinds);
  const pages = new Map<string, StatementKind>();
  for (const c of chunks) {
    if (c.pageStart === undefined) continue;
    const titled = [c.sectionPath[c.sectionPath.length - 1] ?? '', ...c.text.split('\n')].map(statementTitled).find((k) => k && wanted.has(k));
    if (titled) pages.set(`${c.docId}:${c.pageStart}`, titled);
  }
  return pages;
}

/** The statement a chunk lies on, among the pages found (undefined: none). */
export function statementOf(chunk: Chunk, pages: Map<string, StatementKind>): StatementKind | undefined {
  for (let p = chunk.pageStart ?? 0; p <= (chunk.pageEnd ?? -1); p++) {
    const kind = pages.get(`${chunk.docId}:${p}`);
    if (kind) return kind;
  }
  return undefined;
}
