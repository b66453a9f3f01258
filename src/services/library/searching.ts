import { routeQuestion } from '../../core/card';
import type { Trace } from '../../core/types';
import { highlightRanges } from '../../core/search';
import { type AskDeps, knowledgeBaseDeps } from '../../core/pipeline';
import { SearchResponse, MODEL_PENDING_NOTE, SearchOptions } from './types';
import type { LibraryCore } from './core';
import { readTables, TABLES_VERSION, type Table } from '../../core/tables';

/** Search, and what the question pipeline reads from the library. */
export class Searching {
  /** Each stored document's tables, read from its stored text on the first question that needs them (a re-indexed document has a new record). */
  private readonly tables = new WeakMap<object, Promise<Table[]>>();

  constructor(private readonly core: LibraryCore) {}

  /** A document's tables read as cells; none for a document not yet stored. */
  tablesOf(docId: string): Promise<Table[]> {
    const record = this.core.docs.get(docId);
    if (!record) return Promise.resolve([]);
    let tables = this.tables.get(record);
    if (!tables) {
      // Stored at ingest by this reader's version, else read from the stored text now.
      const read = this.core.deps.store.getText(docId).then((t) => (!t ? [] : t.tables?.version === TABLES_VERSION ? t.tables.tables : readTables(t.text, t.pages)));
      // A failed read is not kept: the next question tries again (and this one goes on without tables).
      tables = read.catch(() => {
        this.tables.delete(record);
        return [];
      });
      this.tables.set(record, tables);
    }
    return tables;
  }

  /** Searches the chosen documents (all when none are given); `routing: false` searches them all even when the query names some. */
  async search(query: string, options: SearchOptions = {}): Promise<SearchResponse> {
    const kb = this.core.requireOpen();
    const traces: Trace[] = [];
    const { weights, limit } = this.core.settings.search;
    let mode = this.core.settings.search.mode;
    let vector: Float32Array | undefined;
    let warning: string | undefined;
    let modelPending: true | undefined;
    if (mode !== 'bm25' && kb.chunkCount > 0 && this.core.modelLoading()) {
      // Keywords now rather than a wait of seconds for the model; the caller searches again when it has loaded.
      mode = 'bm25';
      modelPending = true;
      warning = MODEL_PENDING_NOTE;
      traces.push({ stage: 'query-embedding', ms: 0, detail: { ok: false, pending: true } });
    } else if (mode !== 'bm25' && kb.chunkCount > 0) {
      // Vectors still being read after opening (the model was ready first): wait for them.
      if (kb.vectorsPending) await this.core.vectorsIn;
      const t = performance.now();
      try {
        const embedder = await this.core.prepareEmbedder();
        const mismatch = this.core.modelMismatch(embedder);
        if (mismatch) throw new Error(`${mismatch} Select that model in Settings to search by meaning.`);
        [vector] = await embedder.embed([query]);
      } catch (e) {
        mode = 'bm25';
        warning = `Keyword results only: ${e instanceof Error ? e.message : String(e)}`;
      }
      traces.push({ stage: 'query-embedding', ms: performance.now() - t, detail: { ok: vector !== undefined } });
    }
    const chosen = options.docIds?.length ? new Set(options.docIds) : undefined;
    const route =
      (options.routing ?? this.core.settings.pipeline.routing)
        ? routeQuestion(
            query,
            this.core.cards().filter((d) => !chosen || chosen.has(d.docId)),
            // A search ranks what it finds: a company's documents are all kept when the period cannot pick one.
            { guess: false },
          )
        : undefined;
    const docIds = route?.docIds ?? chosen;
    const { candidates, trace } = await kb.searchLoaded(query, vector, { mode, weights, limit, docIds });
    traces.push(...trace);
    const queryTerms = new Set(candidates.flatMap((c) => c.terms));
    const hits = candidates.map((c) => {
      const doc = this.core.docs.get(c.chunk.docId);
      const embedding = doc ? undefined : this.core.embedding.get(c.chunk.docId);
      return {
        ...c,
        docTitle: doc?.title ?? embedding?.title ?? '',
        docName: doc?.name ?? embedding?.name ?? '',
        highlights: highlightRanges(c.chunk.text, queryTerms),
        ...(embedding ? { embedding: true as const } : {}),
      };
    });
    return { query, hits: hits.map(({ terms: _t, ...h }) => h), traces, warning, ...(modelPending ? { modelPending } : {}), routed: route?.routed ?? [] };
  }

  /**
   * What the question pipeline reads from the library. The query vector is undefined when the
   * model cannot embed it (not loaded, or the library holds another model's vectors), and
   * retrieval then uses keywords only.
   */
  retrievalDeps(): Pick<AskDeps, 'search' | 'vectorOf' | 'titleOf' | 'embedQuery' | 'chunksOf' | 'loadDocuments' | 'documentIds' | 'embedder' | 'cards' | 'tablesOf'> {
    const kb = this.core.requireOpen();
    return {
      ...knowledgeBaseDeps(kb),
      tablesOf: (docId) => this.tablesOf(docId),
      documentIds: () => [...this.core.docs.keys()].filter((id) => kb.countOf(id) > 0),
      cards: () => this.core.cards(),
      // Attribution embeds answer and source sentences with the library's model, loaded lazily.
      embedder: {
        get id() {
          return 'library-embedder';
        },
        get dim() {
          return kb.vectors.dim;
        },
        embed: async (texts, signal) => (await this.core.prepareEmbedder()).embed(texts, signal),
      },
      titleOf: (docId) => this.core.docs.get(docId)?.title || this.core.docs.get(docId)?.name || this.core.embedding.get(docId)?.title || docId,
      embedQuery: async (text, signal) => {
        if (kb.chunkCount === 0) return undefined;
        const embedder = await this.core.prepareEmbedder().catch(() => undefined);
        if (!embedder || this.core.modelMismatch(embedder)) return undefined;
        const [vector] = await embedder.embed([text], signal);
        return vector;
      },
    };
  }
}
