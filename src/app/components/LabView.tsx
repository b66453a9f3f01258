import { useApp } from '../context';
import { type LabObjective, requestSpecs, type LabRequest } from '../../core/lab';
import { draftRequest, newLabDraft, type LabDraft } from '../lab-draft';
import { fileName } from '../format';
import { NumberField } from './NumberField';
import { LabQuestionsField } from './LabQuestionsField';
import { LabChunkingsField } from './LabChunkingsField';
import { LabResults } from './LabResults';
import { OBJECTIVES } from './lab-objectives';
import { useLabQuestionFile } from './use-lab-question-file';

/**
 * The chunking lab: which way of cutting documents into chunks serves retrieval best, on
 * questions whose evidence is known. Compares fixed-size, semantic and LLM-boundary chunking,
 * and sweeps their parameters.
 */
export function LabView() {
  const { state, store } = useApp();
  const lab = state.lab;
  const docIds = state.documents.map((d) => d.id);
  const draft = state.labDraft ?? newLabDraft(docIds, state.settings);
  const set = (patch: Partial<LabDraft>) => store.tour.setLabDraft(patch);
  const { fileError, loadFile } = useLabQuestionFile(set);
  const splitScores = state.llm.state === 'ready' && state.llm.info?.splitScores === true;
  const { request, problems } = draftRequest(draft, { docIds, splitScores });
  const running = lab?.status === 'running';

  if (state.documents.length === 0) return <p className="muted empty">The lab compares chunkings on your documents: add a document to the library first.</p>;

  return (
    <div className="lab" data-testid="lab">
      <p className="small muted">
        Which way of cutting documents into chunks serves retrieval best? Give questions whose evidence you know; for each chunking the lab retrieves up to the budget and measures
        the <b>retrieval ratio</b> (share of the evidence's words that were retrieved) and the <b>signal ratio</b> (share of the retrieved characters that are evidence). Nothing in
        your library changes. To compare many chunkings quickly, each chunk's vector here is the mean of its sentences' vectors (the app embeds fixed-size and LLM chunks' own
        text), so dense and hybrid figures for small fixed sizes are approximate.
      </p>
      <form
        className="lab-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (request && problems.length === 0) void store.tour.runLab(request);
        }}
      >
        <LabDocumentsField draft={draft} set={set} />
        <LabQuestionsField draft={draft} set={set} fileError={fileError} onFile={(file) => void loadFile(file)} />
        <LabChunkingsField draft={draft} set={set} splitScores={splitScores} />
        <LabRetrievalField draft={draft} set={set} />
        {problems.length > 0 && draft.questionsText.trim() && <p className="small muted">Before it can run: {problems.join('; ')}.</p>}
        <div className="row">
          <button type="submit" key="run" disabled={running || !request || problems.length > 0}>
            Compare {request ? requestSpecs(request).length : ''} chunkings
          </button>
          {running && (
            <button type="button" key="cancel" onClick={() => lab?.cancel()}>
              Cancel
            </button>
          )}
          {running && <LabProgressLine />}
        </div>
      </form>
      {lab?.status === 'failed' && (
        <p className="error" role="alert" data-testid="lab-error">
          {lab.error}
        </p>
      )}
      {lab?.status === 'cancelled' && <p className="muted">Cancelled.</p>}
      {lab?.response && lab.status !== 'running' && <LabResults />}
    </div>
  );
}

function LabProgressLine() {
  const { state } = useApp();
  const p = state.lab?.progress;
  if (!p) return <span className="muted small">Starting…</span>;
  return (
    <span className="small" data-testid="lab-progress">
      {STAGE_WORDS[p.stage]} {p.total ? `${p.done} of ${p.total}` : ''} <progress aria-label="Lab progress" max={p.total || 1} value={p.done} />
    </span>
  );
}

const STAGE_WORDS: Record<string, string> = { embedding: 'Embedding sentences', chunking: 'Chunking and retrieving', retrieval: 'Retrieving' };

function LabDocumentsField({ draft, set }: { draft: LabDraft; set(patch: Partial<LabDraft>): void }) {
  const { state } = useApp();
  return (
    <fieldset>
      <legend>Documents</legend>
      {state.documents.map((d) => (
        <label key={d.id} className="block">
          <input
            type="checkbox"
            checked={draft.docIds.includes(d.id)}
            onChange={(e) => set({ docIds: e.target.checked ? [...draft.docIds, d.id] : draft.docIds.filter((id) => id !== d.id) })}
          />{' '}
          {d.title} <span className="muted small">({fileName(d.name)})</span>
        </label>
      ))}
    </fieldset>
  );
}

function LabRetrievalField({ draft, set }: { draft: LabDraft; set(patch: Partial<LabDraft>): void }) {
  return (
    <fieldset>
      <legend>Retrieval</legend>
      <NumberField label="Budget in characters" min={100} step={1} value={draft.budget} onChange={(budget) => set({ budget })} />{' '}
      <label>
        Search{' '}
        <select value={draft.mode} onChange={(e) => set({ mode: e.target.value as LabRequest['mode'] })}>
          <option value="hybrid">hybrid</option>
          <option value="bm25">BM25</option>
          <option value="dense">dense</option>
        </select>
      </label>{' '}
      <label>
        Best by{' '}
        <select value={draft.objective} onChange={(e) => set({ objective: e.target.value as LabObjective })}>
          {Object.entries(OBJECTIVES).map(([k, v]) => (
            <option key={k} value={k}>
              {v}
            </option>
          ))}
        </select>
      </label>
    </fieldset>
  );
}
