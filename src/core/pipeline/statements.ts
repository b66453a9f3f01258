import type { Chunk } from '../types';
import { statementTitled, type StatementKind } from '../tables';

export { statementsNamed, statementTitled, type StatementKind } from '../tables';

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
