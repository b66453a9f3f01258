import type { Chunk } from '../core/types';

export { describeBytes } from '../services/limits';

export function pagesLabel(c: Pick<Chunk, 'pageStart' | 'pageEnd'>): string {
  if (c.pageStart === undefined) return '';
  return c.pageStart === c.pageEnd ? `p. ${c.pageStart}` : `pp. ${c.pageStart}–${c.pageEnd}`;
}

export function sectionLabel(path: string[]): string {
  return path.join(' › ');
}

export function score(n: number | undefined, digits = 3): string {
  return n === undefined ? '—' : n.toFixed(digits);
}

export const STAGE_LABEL: Record<string, string> = {
  reading: 'Reading',
  parsing: 'Parsing',
  model: 'Loading model',
  embedding: 'Embedding',
  chunking: 'Chunking',
  indexing: 'Indexing',
  saving: 'Saving',
};
