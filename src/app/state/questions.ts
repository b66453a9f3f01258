import type { SearchOptions } from '../../services/library';
import type { QuestionOptions } from '../../services/questions';
import { applyRowsUpdate, nextProgress } from '../../core/pipeline';
import { pruneScope } from '../scope';
import { Slice } from './slice';
import { QuestionState } from './types';
import { message } from './message';

/** Questions and searches, and the documents they are kept to. */
export class QuestionsSlice extends Slice {
  /** Chooses the documents questions and searches are kept to (empty: all). */
  setScope(docIds: string[]) {
    this.set((s) => ({ scope: pruneScope(docIds, s.documents) }));
  }

  /** Asks a question: of the chosen documents unless the options say which. */
  async ask(question: string, options: QuestionOptions = { docIds: this.chosenDocIds() }) {
    if (!question.trim()) return;
    this.state.question?.cancel();
    const controller = new AbortController();
    const unrouted = options.pipeline?.routing === false || undefined;
    const q: QuestionState = {
      question,
      docIds: options.docIds?.length ? options.docIds : undefined,
      unrouted,
      status: 'running',
      askedMs: Date.now(),
      stages: [],
      rows: [],
      answer: '',
      cancel: () => controller.abort(),
    };
    this.set({ question: q });
    const update = (patch: Partial<QuestionState> | ((q: QuestionState) => Partial<QuestionState>)) =>
      this.set((s) => (s.question && s.question.cancel === q.cancel ? { question: { ...s.question, ...(typeof patch === 'function' ? patch(s.question) : patch) } } : {}));
    try {
      // Straight to the library worker's LibraryApi.ask; a question is dropped at once when cancelled.
      const result = await this.client.remote.ask(
        question,
        { docIds: options.docIds, pipeline: options.pipeline },
        {
          signal: controller.signal,
          settleOnAbort: true,
          onProgress: (e) =>
            update((cur) => {
              if (e.kind === 'stage') return e.status === 'start' ? { stage: e.stage } : { stages: [...cur.stages, e.trace!] };
              if (e.kind === 'rows') return { rows: applyRowsUpdate(cur.rows, e.update) };
              if (e.kind === 'segments') return { segments: e.segments, segmentValues: e.values };
              if (e.kind === 'graded') return { graded: nextProgress(cur.graded, e.done, e.total, Date.now()) };
              if (e.kind === 'judge-cost') return { judgeCost: e.cost };
              const first = cur.answer === '' && cur.askedMs !== undefined ? { firstWordsSeconds: (Date.now() - cur.askedMs) / 1000 } : {};
              return { answer: cur.answer + e.piece, ...first };
            }),
        },
      );
      // A generation interrupted by Cancel can still come back as a (partial) result.
      if (controller.signal.aborted) update({ status: 'cancelled', stage: undefined });
      else {
        const { rows, stages, segments, segmentValues, ...outcome } = result;
        update({ status: 'done', result: outcome, rows, stages, segments, segmentValues, answer: result.answer.text, stage: undefined });
      }
    } catch (e) {
      const cancelled = controller.signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', error: cancelled ? undefined : message(e) });
    }
  }

  /** Asks the last question again over the same documents, without keeping to the ones it names. */
  async askWithoutRouting() {
    const q = this.state.question;
    if (q) await this.ask(q.question, { docIds: q.docIds, pipeline: { routing: false } });
  }

  /** Asks the last question again of one document (another filing of the company it named). */
  async askOf(docId: string) {
    const q = this.state.question;
    if (q) await this.ask(q.question, { docIds: [docId] });
  }

  /** The chosen documents, or undefined for all. */
  chosenDocIds(): string[] | undefined {
    return this.state.scope.length ? this.state.scope : undefined;
  }

  /** Searches: the chosen documents unless the options say which. */
  async search(query: string, options: SearchOptions = { docIds: this.chosenDocIds() }, again = false) {
    if (!query.trim()) return;
    const asked = { docIds: options.docIds?.length ? options.docIds : undefined, unrouted: options.routing === false || undefined };
    this.set((s) => ({ search: { query, hits: s.search?.hits ?? [], traces: [], routed: [], busy: true, ...asked } }));
    try {
      const r = await this.client.search(query, options);
      this.set({ search: { ...r, busy: false, ...asked } });
      // Keyword results while the model loaded, and it finished meanwhile: search again at once (once).
      if (r.modelPending && !again && this.state.model.state !== 'loading') this.completePendingSearch();
    } catch (e) {
      this.set({ search: { query, hits: [], traces: [], routed: [], busy: false, error: message(e), ...asked } });
    }
  }

  /** Runs the last search again over the same documents, without keeping to the ones it names. */
  async searchWithoutRouting() {
    const s = this.state.search;
    if (s) await this.search(s.query, { docIds: s.docIds, routing: false });
  }

  /** A search answered by keywords while the model loaded is run again now that it has (or has failed), replacing its results. */
  completePendingSearch() {
    const s = this.state.search;
    if (s?.modelPending && !s.busy) void this.search(s.query, { docIds: s.docIds, routing: s.unrouted ? false : undefined }, true);
  }

  /** Results that include a document no longer in the library (deleted in another tab) are run again without it. */
  rerunSearchWithout(kept: Set<string>) {
    const s = this.state.search;
    if (s && !s.busy && s.hits.some((h) => !h.embedding && !kept.has(h.chunk.docId)))
      void this.search(s.query, { docIds: s.docIds, routing: s.unrouted ? false : undefined }, true);
  }

  /** Results that include chunks of a document still being embedded are renewed when it is added (or fails). */
  rerunKeywordOnlySearch() {
    const s = this.state.search;
    if (s && !s.busy && s.hits.some((h) => h.embedding)) void this.search(s.query, { docIds: s.docIds, routing: s.unrouted ? false : undefined }, true);
  }
}
