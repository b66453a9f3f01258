import type { AttributionReport } from '../../core/attribution';
import type { CandidateRow, SegmentSource } from '../../core/pipeline';
import { SourceUse } from './Attribution';
import { OcrBadge } from './OcrBadge';
import { sourcePlaceLabel } from './ask-labels';

/** The answer's numbered sources, each opening the passage it came from. */
export function SourceList({
  sources,
  segments,
  attribution,
  extractive = false,
  onOpenSource,
}: {
  sources: CandidateRow[];
  segments?: SegmentSource[];
  attribution?: AttributionReport;
  /** The answer quotes its sources (retrieval-only): their use is said without figures. */
  extractive?: boolean;
  onOpenSource(row: CandidateRow): void;
}) {
  const byNumber = new Map((segments ?? []).map((s) => [s.n, s]));
  return (
    <div className="sources">
      <h3>Sources</h3>
      <ol data-testid="sources">
        {sources.map((r) => (
          <li key={r.chunk.id} value={r.source}>
            <button
              type="button"
              className="link source"
              data-testid="source"
              data-chunk={r.chunk.id}
              data-source={r.source}
              aria-label={`${r.title}: source [${r.source}]`}
              onClick={() => onOpenSource(r)}
            >
              {r.title}
            </button>{' '}
            {attribution && <SourceUse report={attribution} n={r.source!} extractive={extractive} />}{' '}
            <span className="muted small">{sourcePlaceLabel(r, byNumber.get(r.source!))}</span> <OcrBadge ocr={r.chunk.ocr} />
          </li>
        ))}
      </ol>
    </div>
  );
}
