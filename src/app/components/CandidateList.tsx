import { useState } from 'react';
import type { CandidateRow } from '../../core/pipeline';
import { docColours, effectiveFilter, filterCounts, filterRows, type RowFilter } from '../pipeline-rows';
import { CandidateLine } from './CandidateLine';
import { RowFilterChips } from './RowFilterChips';
import { rowFilterOptions } from './row-filter-options';
import { useCandidateJump } from './use-candidate-jump';
import { useOpenSet } from './use-open-set';

interface Props {
  rows: CandidateRow[];
  threshold?: number;
  onOpen(row: CandidateRow): void;
  onOpenSource?(row: CandidateRow): void;
}

/** One compact line per candidate, filtered by verdict; each line opens in place to show everything about it. */
export function CandidateList({ rows, threshold, onOpen, onOpenSource }: Props) {
  const [chosen, setChosen] = useState<RowFilter>('all');
  const { open, toggle } = useOpenSet();
  const filter = effectiveFilter(rows, chosen);
  const { flash, jumpTo, lineRef } = useCandidateJump(rows, filter, () => setChosen('all'));
  const counts = filterCounts(rows);
  const shownRows = filterRows(rows, filter);
  const colours = docColours(rows);
  return (
    <div className="candidates-block">
      <p className="muted small" data-testid="pipeline-summary">
        {counts.all} candidates · {counts.kept} kept · {counts.filtered} filtered
      </p>
      <RowFilterChips options={rowFilterOptions(counts)} filter={filter} onChoose={setChosen} />
      <CandidateHead />
      <ol className="cand-list" aria-label="Candidate chunks">
        {shownRows.map((r) => (
          <CandidateLine
            key={r.chunk.id}
            row={r}
            colour={colours.get(r.chunk.docId) ?? 0}
            threshold={threshold}
            expanded={open.has(r.chunk.id)}
            flash={flash === r.chunk.id}
            onToggle={() => toggle(r.chunk.id)}
            onJump={jumpTo}
            onOpen={onOpen}
            onOpenSource={onOpenSource}
            lineRef={lineRef(r.chunk.id)}
          />
        ))}
      </ol>
      {shownRows.length < rows.length && (
        <p className="muted small">
          {rows.length - shownRows.length} more hidden by the filter.{' '}
          <button type="button" className="link" onClick={() => setChosen('all')}>
            Show all
          </button>
        </p>
      )}
    </div>
  );
}

function CandidateHead() {
  return (
    <div className="cand-head small" aria-hidden="true">
      <span />
      <span>#</span>
      <span>Document</span>
      <span>Page</span>
      <span>Text</span>
      <span title="The final grade the threshold is applied to (the retrieval score before grading)">Grade</span>
      <span>Verdict and reason</span>
    </div>
  );
}
