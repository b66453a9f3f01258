import type { SearchHit } from '../../services/library';
import { fileName, pagesLabel, score } from '../format';
import { headerSummary, sectionAfterTitle } from '../hit-place';
import { Highlighted } from './Highlighted';
import { OcrBadge } from './OcrBadge';
import { openSourceAriaLabel, scoreBarWidth } from './search-hit';
import { viewSourceLabel } from './source-link';

/** One hit: where it is, its text with what matched, and the scores that ranked it. */
export function SearchResult({ hit: h, onOpenSource }: { hit: SearchHit; onOpenSource(): void }) {
  return (
    <li className="hit" data-testid="hit" data-chunk-id={h.chunk.id}>
      <HitPlace hit={h} onOpenSource={onOpenSource} />
      <p className="text">
        <Highlighted text={h.chunk.text} ranges={h.highlights} />
      </p>
      <HitScores hit={h} />
    </li>
  );
}

function HitPlace({ hit: h, onOpenSource }: { hit: SearchHit; onOpenSource(): void }) {
  const pages = pagesLabel(h.chunk);
  const section = sectionAfterTitle(h.docTitle, h.chunk.sectionPath, h.chunk.text);
  return (
    <div className="where">
      <strong title={headerSummary(h.chunk.header) || undefined}>{h.docTitle}</strong>
      {pages && <span className="hit-pages">{pages}</span>}
      {section && <span className="section">{section}</span>}
      <OcrBadge ocr={h.chunk.ocr} />
      <span className="muted file-name">{fileName(h.docName)}</span>{' '}
      {h.embedding && (
        <span className="embedding-badge" data-testid="hit-embedding" title="Its vectors are still being computed: this chunk was found by keyword only.">
          still embedding · keyword match
        </span>
      )}{' '}
      <button type="button" className="link open-source" data-testid="open-source" aria-label={openSourceAriaLabel(h)} onClick={onOpenSource}>
        {viewSourceLabel(h.chunk)}
      </button>
    </div>
  );
}

function HitScores({ hit: h }: { hit: SearchHit }) {
  return (
    <div className="scores small">
      <span className="score-bar" aria-hidden="true">
        <span className="track">
          <span className="fill" style={{ width: scoreBarWidth(h.score) }} />
        </span>
      </span>
      <span className="fused" title="Weighted sum of the normalised scores">
        fused {score(h.score)}
      </span>
      <span title="BM25 keyword score (raw, then min-max normalised over the candidates)">
        BM25 {score(h.bm25, 2)} ({score(h.bm25Norm, 2)}){h.rankBm25 ? ` #${h.rankBm25}` : ''}
      </span>
      <span title="Cosine similarity of query and chunk embeddings (raw, then normalised)">
        vector {score(h.dense)} ({score(h.denseNorm, 2)}){h.rankDense ? ` #${h.rankDense}` : ''}
      </span>
    </div>
  );
}
