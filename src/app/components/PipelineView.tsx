import type { AskResult, CandidateRow, SegmentSource, StageName, StageTrace, ThresholdResult } from '../../core/pipeline';
import type { RoutedDocument } from '../../core/card';
import { CandidateList } from './CandidateList';
import { GradeHistogram } from './GradeHistogram';
import { RoutingNote } from './RoutingNote';
import { SegmentPlot } from './SegmentPlot';
import { StageTable } from './StageTable';
import './score-bar.css';
import './pipeline.css';

interface Props {
  rows: CandidateRow[];
  stages: StageTrace[];
  threshold?: ThresholdResult;
  /** The stage running now, if any. */
  running?: StageName;
  onOpen(row: CandidateRow): void;
  /** Opens the candidate's passage in its document (the source viewer). */
  onOpenSource?(row: CandidateRow): void;
  segments?: SegmentSource[];
  segmentValues?: AskResult['segmentValues'];
  /** The documents the question named and retrieval was kept to. */
  routed?: RoutedDocument[];
}

/**
 * Every candidate and what each stage decided about it, the grade histogram with the
 * threshold, and the time and LLM use of each stage.
 */
export function PipelineView({ rows, stages, threshold, running, onOpen, onOpenSource, segments, segmentValues, routed }: Props) {
  return (
    <section className="pipeline" aria-label="Pipeline">
      <h3>Pipeline</h3>
      {routed && <RoutingNote routed={routed} />}
      <div className="pipeline-overview">
        <GradeHistogram rows={rows} threshold={threshold} />
        <StageTable stages={stages} running={running} />
      </div>
      {rows.length === 0 ? (
        <p className="muted small">{running ? 'No candidates yet.' : 'No chunk was retrieved.'}</p>
      ) : (
        <CandidateList rows={rows} threshold={threshold?.threshold} onOpen={onOpen} onOpenSource={onOpenSource} />
      )}
      {segments && segmentValues && (
        <div className="segments">
          <h4>Relevant segments</h4>
          <ol className="small" data-testid="segments">
            {segments.map((s) => (
              <li key={s.n} value={s.n}>
                chunks {s.start + 1}–{s.end} of {s.title}, value {s.value.toFixed(2)}, {s.text.length} characters
              </li>
            ))}
          </ol>
          <SegmentPlot values={segmentValues} segments={segments} />
        </div>
      )}
    </section>
  );
}
