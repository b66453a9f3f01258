import { useState } from 'react';
import { useApp } from '../context';
import type { SearchState } from '../state';
import './score-bar.css';
import './search.css';
import { DocumentFilter } from './DocumentFilter';
import { RoutingNote } from './RoutingNote';
import { ScopeLine } from './ScopeLine';
import { SearchResult } from './SearchResult';
import { rankingDescription } from '../search-summary';
import { searchMs } from './search-hit';
import { needsDocuments } from './library-empty';

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
      {needsDocuments(state) && <p className="muted">Add documents in the Library first.</p>}
      {s && <SearchNotes search={s} />}
      {s && s.hits.length > 0 && (
        <>
          <p className="muted small" data-testid="search-summary">
            {s.hits.length} chunks for “{s.query}”, {rankingDescription(s, state.settings?.search)}
            {s.traces.length > 0 && ` · ${searchMs(s.traces)} ms`}
          </p>
          <ol className="hits">
            {s.hits.map((h) => (
              <SearchResult key={h.chunk.id} hit={h} onOpenSource={() => void store.documents.openSource(h.chunk, 'search')} />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Above the hits: the documents searched, and whether the search failed, fell back or found nothing. */
function SearchNotes({ search: s }: { search: SearchState }) {
  const { store } = useApp();
  return (
    <>
      {!s.busy && s.routed.length > 0 ? (
        <RoutingNote
          routed={s.routed}
          chosen={s.docIds?.length}
          undo={{ label: s.docIds ? 'Search all the chosen documents instead' : 'Search all documents instead', onClick: () => void store.questions.searchWithoutRouting() }}
        />
      ) : (
        <ScopeLine docIds={s.docIds} unrouted={s.unrouted} running={s.busy} testId="search-scope" action="search" />
      )}
      {s.error && (
        <p className="error" role="alert">
          Search failed: {s.error}
        </p>
      )}
      {s.warning && (
        <p className={s.modelPending ? 'muted' : 'warning'} role="status" data-testid="search-note" data-model-pending={s.modelPending ? 'true' : undefined}>
          {s.warning}
        </p>
      )}
      {!s.busy && !s.error && s.hits.length === 0 && <p className="muted">No chunk matches “{s.query}”.</p>}
    </>
  );
}
