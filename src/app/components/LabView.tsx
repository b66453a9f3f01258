import { useState } from 'react';
import { useApp } from '../context';
import { objectiveValue, type LabObjective } from '../../core/lab/best';
import { requestSpecs, type LabRequest } from '../../core/lab/request';
import { draftRequest, newLabDraft, questionsSummary, type LabDraft } from '../lab-draft';
import type { LabResultSummary } from '../../services/lab';
import { fileName, score } from '../format';
import { CollapsedNotes } from './CollapsedNotes';
import { LengthHistograms, RatioScatter, SweepGrid, ThetaPlot } from './LabPlots';
import { NumberField } from './NumberField';
import { SemanticBreakpoint } from './SemanticBreakpoint';

const QUESTION_HELP = `Q: What did the Fresnel lens change?
A: The prisms bend the light into a narrow horizontal beam…
(or one per line: question | evidence, or a FinanceBench .jsonl file)`;

const OBJECTIVES: Record<LabObjective, string> = {
  balanced: 'balance (harmonic mean of the two ratios)',
  retrieval: 'retrieval ratio',
  signal: 'signal ratio',
};

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
  const [fileError, setFileError] = useState<string>();
  const set = (patch: Partial<LabDraft>) => store.tour.setLabDraft(patch);
  const splitScores = state.llm.state === 'ready' && state.llm.info?.splitScores === true;
  const { request, problems } = draftRequest(draft, { docIds, splitScores });
  const running = lab?.status === 'running';
  const loaded = draft.questionsLoaded ? questionsSummary(draft) : undefined;
  const sampleError = state.sampleQuestions && 'error' in state.sampleQuestions ? state.sampleQuestions.error : undefined;

  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(undefined);
    try {
      const text = await file.text();
      if (!text.trim()) throw new Error('the file is empty');
      set({ questionsText: text, questionsSource: file.name, questionsLoaded: true });
    } catch (e) {
      setFileError(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };

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
        <fieldset>
          <legend>Questions with their evidence</legend>
          {loaded && !loaded.error ? (
            <div className="lab-loaded" data-testid="lab-questions-loaded">
              <p>
                <b>
                  {loaded.count} question{loaded.count === 1 ? '' : 's'} loaded
                </b>{' '}
                from {draft.questionsSource}
              </p>
              <ol className="small">
                {loaded.preview.map((q, i) => (
                  <li key={i}>
                    {q.question} <span className="muted">— {q.evidence.length > 90 ? `${q.evidence.slice(0, 90)}…` : q.evidence}</span>
                  </li>
                ))}
              </ol>
              {loaded.count > loaded.preview.length && <p className="small muted">…and {loaded.count - loaded.preview.length} more.</p>}
              <button type="button" onClick={() => set({ questionsLoaded: false })}>
                Edit as text
              </button>{' '}
              <button type="button" onClick={() => set({ questionsText: '', questionsSource: 'typed questions', questionsLoaded: false })}>
                Clear the questions
              </button>
            </div>
          ) : (
            <textarea
              aria-label="Lab questions"
              rows={5}
              placeholder={QUESTION_HELP}
              value={draft.questionsText}
              onChange={(e) => set({ questionsText: e.target.value, questionsSource: 'typed questions', questionsLoaded: false })}
            />
          )}
          {loaded?.error && (
            <p className="error" role="alert">
              {loaded.error}
            </p>
          )}
          <div className="row">
            <label>
              Load a question file <input type="file" accept=".jsonl,.txt,.json" aria-label="Lab question file" onChange={(e) => void loadFile(e.target.files?.[0])} />
            </label>
            <button type="button" onClick={() => void store.tour.useSampleQuestionsInLab()}>
              Sample questions (lighthouses)
            </button>
          </div>
          {(fileError ?? sampleError) && (
            <p className="error" role="alert">
              {fileError ?? sampleError}
            </p>
          )}
        </fieldset>
        <fieldset>
          <legend>Chunkings</legend>
          <NumberField label="Fixed size" min={50} step={1} value={draft.size} onChange={(size) => set({ size })} />{' '}
          <NumberField label="Overlap" min={0} step={1} value={draft.overlap} onChange={(overlap) => set({ overlap })} />
          <br />
          <SemanticBreakpoint chunker={draft} thetaLabel="Semantic θ" onChange={(d) => set({ threshold: d.threshold, percentile: d.percentile })} />{' '}
          <NumberField label="Max characters" min={50} step={1} value={draft.maxChars} onChange={(maxChars) => set({ maxChars })} />
          <br />
          <label>
            <input type="checkbox" checked={draft.llm && splitScores} disabled={!splitScores} onChange={(e) => set({ llm: e.target.checked })} /> LLM boundaries (LlamaChunk)
          </label>
          {!splitScores && <span className="muted small"> — needs a transformers.js language model, loaded in Settings (it reads split-token probabilities).</span>}
          <br />
          <label>
            <input type="checkbox" checked={draft.sweepFixed} onChange={(e) => set({ sweepFixed: e.target.checked })} /> Sweep fixed sizes
          </label>{' '}
          <input aria-label="Sweep sizes" value={draft.sizes} disabled={!draft.sweepFixed} onChange={(e) => set({ sizes: e.target.value })} /> × overlaps (fractions of the size){' '}
          <input aria-label="Sweep overlaps" value={draft.overlaps} disabled={!draft.sweepFixed} onChange={(e) => set({ overlaps: e.target.value })} />
          <br />
          <label>
            <input type="checkbox" checked={draft.sweepTheta} onChange={(e) => set({ sweepTheta: e.target.checked })} /> Sweep θ
          </label>{' '}
          <input aria-label="Sweep θ values" value={draft.thetas} disabled={!draft.sweepTheta} onChange={(e) => set({ thetas: e.target.value })} />
          <br />
          <label>
            <input type="checkbox" checked={draft.sweepPercentile} onChange={(e) => set({ sweepPercentile: e.target.checked })} /> Sweep percentiles of each document’s similarities
          </label>{' '}
          <input aria-label="Sweep percentiles" value={draft.percentiles} disabled={!draft.sweepPercentile} onChange={(e) => set({ percentiles: e.target.value })} />
        </fieldset>
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

function LabResults() {
  const { state } = useApp();
  const { response, request } = state.lab!;
  if (!response) return null;
  const compared = requestSpecs({ ...request, sweepFixed: undefined, sweepTheta: undefined, sweepPercentile: undefined }).map((s) => s.label);
  const rows = response.results.filter((r) => compared.includes(r.label));
  const best = response.results.find((r) => r.label === response.best.overall);
  return (
    <section className="lab-results" data-testid="lab-results">
      <p className="small">
        {response.questions} question{response.questions === 1 ? '' : 's'}, {(response.ms / 1000).toFixed(1)} s.
        {best && (
          <>
            {' '}
            Best by {OBJECTIVES[response.objective]}: <b data-testid="lab-best">{best.label}</b> (retrieval {score(best.retrievalRatio)}, signal {score(best.signalRatio)}).
          </>
        )}
        {request.sweepFixed && response.best.fixed && (
          <>
            {' '}
            Best fixed size and overlap: <b data-testid="lab-best-fixed">{response.best.fixed}</b>.
          </>
        )}
        {request.sweepTheta && response.best.semantic && (
          <>
            {' '}
            Best θ: <b data-testid="lab-best-theta">{response.best.semantic}</b>.
          </>
        )}
        {request.sweepPercentile && response.best.percentile && (
          <>
            {' '}
            Best percentile: <b data-testid="lab-best-percentile">{response.best.percentile}</b>.
          </>
        )}
      </p>
      <CollapsedNotes notes={response.problems} about=" on the questions" />
      <table className="lab-table cards" data-testid="lab-table">
        <thead>
          <tr>
            <th>Chunking</th>
            <th>Chunks</th>
            <th>Length: median (p25–p75)</th>
            <th>Retrieval ratio</th>
            <th>Signal ratio</th>
            <th>Balance</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <LabRow key={r.label} r={r} best={r.label === response.best.overall} />
          ))}
        </tbody>
      </table>
      <div className="lab-plots">
        <RatioScatter results={response.results} named={compared} best={response.best.overall} />
        <LengthHistograms results={rows} />
        {request.sweepFixed && (
          <SweepGrid results={response.results.filter((r) => response.sweeps.fixed.includes(r.label))} objective={response.objective} best={response.best.fixed} />
        )}
        {request.sweepTheta && <ThetaPlot results={response.results.filter((r) => response.sweeps.theta.includes(r.label))} />}
        {request.sweepPercentile && <ThetaPlot by="percentile" results={response.results.filter((r) => response.sweeps.percentile.includes(r.label))} />}
      </div>
    </section>
  );
}

function LabRow({ r, best }: { r: LabResultSummary; best: boolean }) {
  if (!r.available) {
    return (
      <tr data-testid="lab-row" data-label={r.label} className="unavailable">
        <td>{r.label}</td>
        <td colSpan={5} className="muted">
          unavailable: {r.note}
        </td>
      </tr>
    );
  }
  return (
    <tr data-testid="lab-row" data-label={r.label} className={best ? 'best' : undefined}>
      <td data-label="Chunking">{r.label}</td>
      <td data-label="Chunks">{r.chunkCount}</td>
      <td data-label="Length: median (p25–p75)">
        {r.lengths.median} ({r.lengths.p25}–{r.lengths.p75})
      </td>
      <td data-label="Retrieval ratio" data-testid="lab-retrieval">
        {score(r.retrievalRatio)}
      </td>
      <td data-label="Signal ratio" data-testid="lab-signal">
        {score(r.signalRatio)}
        {r.locatedQuestions < r.questions && (
          <span className="muted small">
            {' '}
            ({r.locatedQuestions} of {r.questions} located)
          </span>
        )}
      </td>
      <td data-label="Balance">{score(objectiveValue(r, 'balanced'))}</td>
    </tr>
  );
}
