import type { filterCounts, RowFilter } from '../pipeline-rows';
import { VERDICT_LABEL } from './pipeline-labels';

export interface RowFilterOption {
  value: RowFilter;
  label: string;
  count: number;
}

/** The filter's chips: All, Kept and Filtered, then one per reason some row was filtered for. */
export function rowFilterOptions(counts: ReturnType<typeof filterCounts>): RowFilterOption[] {
  return [
    { value: 'all', label: 'All', count: counts.all },
    { value: 'kept', label: 'Kept', count: counts.kept },
    { value: 'filtered', label: 'Filtered', count: counts.filtered },
    ...counts.reasons.map((r) => ({ value: r.verdict, label: VERDICT_LABEL[r.verdict], count: r.count })),
  ];
}

/** A chip's classes: whether it is chosen, and whether it is a reason's (the first of them set apart). */
export function rowFilterChipClass(index: number, value: RowFilter, chosen: boolean): string {
  return `${chosen ? 'on' : ''}${index === 3 ? ' first-reason' : ''}${index >= 3 ? ` reason ${value}` : ''}`;
}
