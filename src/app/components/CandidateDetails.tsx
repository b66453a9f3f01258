import type { CandidateRow } from '../../core/pipeline';
import { sectionLabel } from '../format';
import { ChunkHeader } from './ChunkHeader';
import { CandidateScores } from './CandidateScores';
import { viewSourceLabel } from './source-link';

interface Props {
  id: string;
  row: CandidateRow;
  expanded: boolean;
  /** The verdict's reason in words. */
  words: string;
  pages: string;
  threshold?: number;
  onJump(chunkId: string): void;
  onOpen(row: CandidateRow): void;
  onOpenSource?(row: CandidateRow): void;
}

/** Everything about one candidate, opened in place: its text, where to see it, and each stage's figures. */
export function CandidateDetails({ id, row: r, expanded, words, pages, threshold, onJump, onOpen, onOpenSource }: Props) {
  const c = r.chunk;
  return (
    <div className="cand-details" id={id} hidden={!expanded} data-testid="row-details">
      <div className="cand-text">
        {c.header ? <ChunkHeader header={c.header} /> : c.sectionPath.length > 0 && <div className="chunk-header small">{sectionLabel(c.sectionPath)}</div>}
        <p data-testid="row-text">{c.text}</p>
        <div className="cand-actions">
          <button type="button" onClick={() => onOpen(r)} aria-label={`Show in the inspector: candidate ${r.rank}`}>
            Show in the inspector
          </button>
          {onOpenSource && (
            <button type="button" onClick={() => onOpenSource(r)} aria-label={`${viewSourceLabel(c)}: candidate ${r.rank} in ${r.title}${pages ? `, ${pages}` : ''}`}>
              {viewSourceLabel(c)}
            </button>
          )}
        </div>
      </div>
      <CandidateScores row={r} words={words} threshold={threshold} onJump={onJump} />
    </div>
  );
}
