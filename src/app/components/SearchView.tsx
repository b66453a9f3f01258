import { useState } from 'react';
import { useApp } from '../context';
import { fileName, pagesLabel, score } from '../format';
import { headerSummary, sectionAfterTitle } from '../hit-place';
import './score-bar.css';
import './search.css';
import { OcrBadge } from './OcrBadge';
import { Highlighted } from './Highlighted';
import { DocumentFilter } from './DocumentFilter';
import { RoutingNote } from './RoutingNote';
import { ScopeLine } from './ScopeLine';
import { rankingDescription } from '../search-summary';

export function SearchView() {
  const { state, store } = useApp();
  const [query, setQuery] = useState(state.search?.query ?? '');
  const s = state.search;
  return (
    <section className="search">
      <form
        className="query"
        onSubmit={(e) => {
          e.preventDefault();
          void store.questions.search(query);
        }}
      >
        <input aria-label="Search query" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="Search your documents" />
        <DocumentFilter purpose="Documents to search" documents={state.documents} scope={state.scope} onChange={(ids) => store.questions.setScope(ids)} />
        <button type="submit" disabled={!query.trim() || s?.busy}>
          Search
        </button>
      </form>
      {state.documents.length === 0 && <p className="muted">Add documents in the Library first.</p>}
      {s && !s.busy && s.routed.length > 0 ? (
        <RoutingNote
          routed={s.routed}
          chosen={s.docIds?.length}
          undo={{ label: s.docIds ? 'Search all the chosen documents instead' : 'Search all documents instead', onClick: () => void store.questions.searchWithoutRouting() }}
        />
      ) : (
        s && <ScopeLine docIds={s.docIds} unrouted={s.unrouted} testId="search-scope" />
      )}
      {s?.error && (
        <p className="error" role="alert">
          Search failed: {s.error}
        </p>
      )}
      {s?.warning && (
        <p className={s.modelPending ? 'muted' : 'warning'} role="status" data-testid="search-note" data-model-pending={s.modelPending ? 'true' : undefined}>
          {s.warning}
        </p>
      )}
      {s && !s.busy && !s.error && s.hits.length === 0 && <p className="muted">No chunk matches “{s.query}”.</p>}
      {s && s.hits.length > 0 && (
        <>
          <p className="muted small" data-testid="search-summary">
            {s.hits.length} chunks for “{s.query}”, {rankingDescription(s, state.settings?.search)}
            {s.traces.length > 0 && ` · ${s.traces.reduce((t, x) => t + x.ms, 0).toFixed(0)} ms`}
          </p>
          <ol className="hits">
            {s.hits.map((h) => (
              <li key={h.chunk.id} className="hit" data-testid="hit" data-chunk-id={h.chunk.id}>
                <div className="where">
                  <strong title={headerSummary(h.chunk.header) || undefined}>{h.docTitle}</strong>
                  {pagesLabel(h.chunk) && <span className="hit-pages">{pagesLabel(h.chunk)}</span>}
                  {sectionAfterTitle(h.docTitle, h.chunk.sectionPath, h.chunk.text) && (
                    <span className="section">{sectionAfterTitle(h.docTitle, h.chunk.sectionPath, h.chunk.text)}</span>
                  )}
                  <OcrBadge ocr={h.chunk.ocr} />
                  <span className="muted file-name">{fileName(h.docName)}</span>{' '}
                  {h.embedding ? (
                    <span
                      className="embedding-badge"
                      data-testid="hit-embedding"
                      title="Its vectors are still being computed: this chunk was found by keyword only, and the page opens once the document is added."
                    >
                      still embedding · keyword match
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="link open-source"
                      data-testid="open-source"
                      aria-label={`${h.chunk.pageStart !== undefined ? 'View page' : 'View in document'}: this passage in ${h.docTitle}${h.chunk.pageStart !== undefined ? `, ${pagesLabel(h.chunk)}` : ''}`}
                      onClick={() => void store.documents.openSource(h.chunk, 'search')}
                    >
                      {h.chunk.pageStart !== undefined ? 'View page' : 'View in document'}
                    </button>
                  )}
                </div>
                <p className="text">
                  <Highlighted text={h.chunk.text} ranges={h.highlights} />
                </p>
                <div className="scores small">
                  <span className="score-bar" aria-hidden="true">
                    <span className="track">
                      <span className="fill" style={{ width: `${(Math.min(1, Math.max(0, h.score)) * 100).toFixed(1)}%` }} />
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
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
