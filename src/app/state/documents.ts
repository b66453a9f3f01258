import type { Chunk } from '../../core/types';
import { pruneScope } from '../scope';
import { Slice } from './slice';
import { SourceView, AppState } from './types';
import { message } from './message';

/** The documents: listing, deleting, usage, the chunk inspector and the source viewer. */
export class DocumentsSlice extends Slice {
  async deleteDocument(id: string) {
    if (this.state.deleting?.includes(id)) return;
    const { [id]: _previous, ...otherErrors } = this.state.deleteErrors ?? {};
    this.set((s) => ({ deleting: [...(s.deleting ?? []), id], deleteErrors: otherErrors }));
    const settled = (s: AppState) => ({ deleting: (s.deleting ?? []).filter((d) => d !== id) });
    try {
      await this.client.deleteDocument(id);
      this.set((s) => ({
        ...settled(s),
        documents: s.documents.filter((d) => d.id !== id),
        scope: pruneScope(
          s.scope,
          s.documents.filter((d) => d.id !== id),
        ),
        inspection: s.inspection?.document.id === id ? undefined : s.inspection,
        search: s.search && { ...s.search, hits: s.search.hits.filter((h) => h.chunk.docId !== id) },
      }));
    } catch (e) {
      // The row comes back, saying why (once: no banner as well).
      this.set((s) => ({ ...settled(s), deleteErrors: { ...s.deleteErrors, [id]: `Could not delete it: ${message(e)}` } }));
    }
    void this.refreshUsage();
  }

  async clearAll() {
    try {
      const settings = await this.client.clear();
      this.set({ documents: [], scope: [], search: undefined, inspection: undefined, inspecting: undefined, settings });
      void this.app.models.loadModel();
      void this.refreshUsage();
    } catch (e) {
      this.notify('error', `Could not clear the knowledge base: ${message(e)}`);
    }
    void this.refreshUsage();
  }

  /** Empties the embedding cache and deletes cached model files; the documents stay. */
  async freeSpace() {
    try {
      const usage = await this.client.freeSpace();
      this.set({ usage });
    } catch (e) {
      this.notify('error', `Could not free space: ${message(e)}`);
    }
  }

  /** Lists the documents again after another tab added or deleted some. */
  async syncDocuments() {
    try {
      const documents = await this.client.listDocuments();
      const kept = new Set(documents.map((d) => d.id));
      this.set((s) => ({
        documents,
        scope: pruneScope(s.scope, documents),
        inspection: s.inspection && kept.has(s.inspection.document.id) ? s.inspection : undefined,
      }));
      this.app.questions.rerunSearchWithout(kept);
    } catch {
      /* the list stays as it was until the next change */
    }
    void this.refreshUsage();
  }

  async refreshUsage() {
    try {
      this.set({ usage: await this.client.usage() });
    } catch {
      /* the meter just stays as it was */
    }
  }

  async inspect(id: string) {
    this.set({ inspecting: id });
    try {
      const inspection = await this.client.inspect(id);
      if (this.state.inspecting === id) this.set({ inspection });
    } catch (e) {
      this.notify('error', message(e));
    }
  }

  /** Shows a chunk inside its document in the inspector. */
  async openChunk(docId: string, chunkId: string) {
    this.set({ focusChunk: chunkId });
    if (this.state.inspection?.document.id !== docId) await this.inspect(docId);
  }

  /** Opens a passage where it came from: the stored original (PDF page) or the document's text. */
  async openSource(chunk: Chunk, from: SourceView['from'], cell?: SourceView['cell']) {
    const kept = this.state.sourceView?.source?.document.id === chunk.docId ? this.state.sourceView.source : undefined;
    const view: SourceView = { chunk, from, page: chunk.pageStart, status: kept ? 'ready' : 'loading', source: kept, ...(cell ? { cell } : {}) };
    this.set({ sourceView: view });
    if (kept) return;
    try {
      const source = await this.client.source(chunk.docId);
      this.set((s) => (s.sourceView?.chunk === chunk ? { sourceView: { ...s.sourceView, status: 'ready', source } } : {}));
    } catch (e) {
      this.set((s) => (s.sourceView?.chunk === chunk ? { sourceView: { ...s.sourceView, status: 'failed', error: message(e) } } : {}));
    }
  }

  /** Turns the source viewer to another page of its PDF. */
  showSourcePage(page: number) {
    this.set((s) => (s.sourceView ? { sourceView: { ...s.sourceView, page } } : {}));
  }

  closeSource() {
    this.set({ sourceView: undefined });
  }
}
