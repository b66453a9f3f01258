import type { Trace } from '../../core/types';
import type { SearchHit } from '../../services/library';
import { pagesLabel } from '../format';
import { viewSourceLabel } from './source-link';

/** The width of a hit's score bar: its fused score as a share of 1. */
export function scoreBarWidth(score: number): string {
  return `${(Math.min(1, Math.max(0, score)) * 100).toFixed(1)}%`;
}

/** What the link to a hit's passage in its document says to a screen reader. */
export function openSourceAriaLabel(hit: Pick<SearchHit, 'chunk' | 'docTitle'>): string {
  return `${viewSourceLabel(hit.chunk)}: this passage in ${hit.docTitle}${hit.chunk.pageStart !== undefined ? `, ${pagesLabel(hit.chunk)}` : ''}`;
}

/** The time a search took, all its stages together, in whole milliseconds. */
export function searchMs(traces: Trace[]): string {
  return traces.reduce((t, x) => t + x.ms, 0).toFixed(0);
}
