import type { ReactNode } from 'react';
import { ocrLabel } from '../format';
import { findCitations, type CitationMark } from '../../core/attribution';
import type { CandidateRow, SegmentSource } from '../../core/pipeline';
import { sourcePlaceLabel } from './ask-labels';

/**
 * The answer with its citation marks as buttons: the final answer's own marks, or those read from
 * the text while it streams. A mark names the same place as its source's line in the list below.
 */
export function AnswerText({
  text,
  sources,
  segments,
  citations,
  onOpen,
}: {
  text: string;
  sources: CandidateRow[];
  segments?: SegmentSource[];
  citations?: CitationMark[];
  onOpen(row: CandidateRow): void;
}) {
  const bySource = new Map(sources.map((r) => [r.source!, r]));
  const segmentOf = new Map((segments ?? []).map((s) => [s.n, s]));
  const marks = citations ?? findCitations(text, sources.length);
  const parts: ReactNode[] = [];
  let at = 0;
  marks.forEach((m, i) => {
    if (m.start > at) parts.push(<span key={`t${i}`}>{text.slice(at, m.start)}</span>);
    parts.push(
      <span
        key={`c${i}`}
        className={m.inferred ? 'cite inferred' : 'cite'}
        title={m.inferred ? 'Added by Sieve: the model wrote no citation, and this sentence matches this source' : undefined}
      >
        {m.inferred ? ' ' : ''}[
        {m.sources.map((n, k) => {
          const row = bySource.get(n);
          return (
            <span key={n}>
              {k > 0 && ', '}
              {row ? (
                <button
                  type="button"
                  className="citation"
                  data-testid="citation"
                  data-source={n}
                  data-chunk={row.chunk.id}
                  data-inferred={m.inferred ? 'true' : undefined}
                  title={`${m.inferred ? 'Matches ' : ''}${row.title} ${sourcePlaceLabel(row, segmentOf.get(n))}${row.chunk.ocr ? ` (${ocrLabel(row.chunk.ocr)})` : ''}`.trim()}
                  aria-label={`${m.inferred ? 'Matching source' : 'Source'} ${n}: ${row.title}`}
                  onClick={() => onOpen(row)}
                >
                  {n}
                </button>
              ) : (
                n
              )}
            </span>
          );
        })}
        ]
      </span>,
    );
    at = m.end;
  });
  if (at < text.length) parts.push(<span key="rest">{text.slice(at)}</span>);
  return <>{parts}</>;
}
