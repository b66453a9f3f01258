import { RSE_PRESETS, type RseSettings } from '../../core/rse/presets';
import { DEFAULT_PIPELINE, type PipelineSettings } from '../../core/pipeline/settings';
import { NumberField } from './NumberField';

interface Props {
  value: PipelineSettings;
  onChange(next: PipelineSettings): void;
}

/** Every parameter of the question pipeline (ChunkRAG's θ is under Chunking). */
export function PipelineSettingsFields({ value: p, onChange }: Props) {
  const set = (patch: Partial<PipelineSettings>) => onChange({ ...p, ...patch });
  const g = p.grading;
  // One setter per nested group, so each field names only what it changes.
  const setGrading = (patch: Partial<PipelineSettings['grading']>) => set({ grading: { ...g, ...patch } });
  const setGradeWeights = (patch: Partial<PipelineSettings['grading']['weights']>) => setGrading({ weights: { ...g.weights, ...patch } });
  const setThreshold = (patch: Partial<PipelineSettings['threshold']>) => set({ threshold: { ...p.threshold, ...patch } });
  const setRetriever = (patch: Partial<PipelineSettings['llmRetriever']>) => set({ llmRetriever: { ...p.llmRetriever, ...patch } });
  const setSegments = (patch: Partial<PipelineSettings['segments']>) => set({ segments: { ...p.segments, ...patch } });
  return (
    <fieldset className="pipeline-settings">
      <legend>Question pipeline</legend>
      <label>
        <input type="checkbox" checked={p.rewrite} onChange={(x) => set({ rewrite: x.target.checked })} /> Rewrite the question with the LLM before
        retrieval
      </label>
      <label>
        <input type="checkbox" checked={p.routing} onChange={(x) => set({ routing: x.target.checked })} /> Keep to the documents a question names{' '}
        <span className="muted small">
          (a question that names a company, ticker or file, and a year or quarter, searches only those documents; the answer offers to search
          them all)
        </span>
      </label>
      <NumberField label="N, candidates retrieved" value={p.candidates} min={1} max={100} step={1} onChange={(n) => set({ candidates: n })} />
      <NumberField label="Retrieval BM25 weight" value={p.weights.bm25} min={0} max={1} step={0.05} onChange={(n) => set({ weights: { ...p.weights, bm25: n } })} />
      <NumberField label="Retrieval vector weight" value={p.weights.dense} min={0} max={1} step={0.05} onChange={(n) => set({ weights: { ...p.weights, dense: n } })} />
      <NumberField
        label="λ_dup, similarity that makes a duplicate"
        value={p.duplicateThreshold}
        min={0}
        max={1}
        step={0.01}
        onChange={(n) => set({ duplicateThreshold: n })}
        hint="A candidate more similar than this to a better-ranked one is dropped as redundant, unless the two name different figures or years."
      />
      <label>
        Grading mode{' '}
        <select value={g.mode} onChange={(x) => setGrading({ mode: x.target.value as PipelineSettings['grading']['mode'] })}>
          <option value="logprob">Next-token probabilities (one pass per grade; reflection only near the threshold)</option>
          <option value="generate">Generated scores (the paper: the model writes each grade and its reflection)</option>
        </select>
      </label>
      <NumberField label="Base grade weight" value={g.weights.base} min={0} max={1} step={0.05} onChange={(n) => setGradeWeights({ base: n })} />
      <NumberField label="Reflection weight" value={g.weights.reflection} min={0} max={1} step={0.05} onChange={(n) => setGradeWeights({ reflection: n })} />
      <NumberField label="Critic weight" value={g.weights.critic} min={0} max={1} step={0.05} onChange={(n) => setGradeWeights({ critic: n })} />
      <NumberField
        label="Reflection margin (next-token mode)"
        value={g.reflectionMargin}
        min={0}
        max={1}
        step={0.01}
        onChange={(n) => setGrading({ reflectionMargin: n })}
        hint="Reflect only on chunks whose grade is this close to the provisional threshold."
      />
      <NumberField label="Longest score reply (tokens)" value={g.maxScoreTokens} min={1} max={64} step={1} onChange={(n) => setGrading({ maxScoreTokens: n })} />
      <label>
        Threshold rule{' '}
        <select value={p.threshold.mode} onChange={(x) => setThreshold({ mode: x.target.value as 'dynamic' | 'llm' })}>
          <option value="dynamic">Dynamic: T = μ, or μ + σ when the grades' variance is below ε</option>
          <option value="llm">Proposed by the LLM from the grades</option>
        </select>
      </label>
      <NumberField label="ε, variance below which T = μ + σ" value={p.threshold.epsilon} min={0} max={1} step={0.001} onChange={(n) => set({ threshold: { ...p.threshold, epsilon: n }, grading: { ...g, epsilon: n } })} />
      <NumberField
        label="Grade floor"
        value={p.threshold.floor}
        min={0}
        max={1}
        step={0.01}
        onChange={(n) => setThreshold({ floor: n })}
        hint="No chunk graded below this is used, whatever the threshold."
      />
      <NumberField
        label="Retrieval-only minimum cosine"
        value={p.threshold.minDense}
        min={-1}
        max={1}
        step={0.01}
        onChange={(n) => setThreshold({ minDense: n })}
        hint="Without an LLM, a candidate needs a query word or at least this similarity."
      />
      <NumberField
        label="Retrieval-only: keep grades within this share of the best"
        value={p.threshold.relative}
        min={0}
        max={1}
        step={0.05}
        onChange={(n) => setThreshold({ relative: n })}
        hint="Without an LLM, chunks graded at least this share of the best one are kept until the context budget is full. 0 uses the dynamic threshold (μ or μ + σ) instead."
      />
      <label>
        <input type="checkbox" checked={p.rerank} onChange={(x) => set({ rerank: x.target.checked })} /> Rerank kept chunks with the cross-encoder (when one
        is configured)
      </label>
      <fieldset className="nested">
        <legend>LLM as retriever (needs a language model)</legend>
        <label>
          LLM retriever{' '}
          <select value={p.llmRetriever.use} onChange={(x) => setRetriever({ use: x.target.value as PipelineSettings['llmRetriever']['use'] })}>
            <option value="off">Off</option>
            <option value="primary">Primary: the LLM reads every chunk of the documents</option>
            <option value="refine">Refine: the LLM judges a larger hybrid top-N</option>
            <option value="fallback">Fallback: the LLM reads every chunk when nothing clears the floor</option>
          </select>
        </label>
        <label>
          Judgement{' '}
          <select value={p.llmRetriever.scale} onChange={(x) => setRetriever({ scale: x.target.value as 'yes-no' | 'grade' })}>
            <option value="grade">Grade 1–10 with a threshold</option>
            <option value="yes-no">Relevant: yes or no</option>
          </select>
        </label>
        <label>
          Judge by{' '}
          <select value={p.llmRetriever.mode} onChange={(x) => setRetriever({ mode: x.target.value as 'generate' | 'logprob' })}>
            <option value="generate">Written answers, several chunks per call</option>
            <option value="logprob">Next-token probabilities, one chunk per call</option>
          </select>
        </label>
        <NumberField label="Judge threshold (1–10)" value={p.llmRetriever.threshold} min={1} max={10} step={1} onChange={(n) => setRetriever({ threshold: n })} />
        <NumberField label="Chunks per judge call" value={p.llmRetriever.batch} min={1} max={20} step={1} onChange={(n) => setRetriever({ batch: n })} />
        <NumberField label="Candidates to refine" value={p.llmRetriever.refineCandidates} min={1} max={500} step={1} onChange={(n) => setRetriever({ refineCandidates: n })} />
      </fieldset>
      <fieldset className="nested">
        <legend>Relevant segments (dsRAG)</legend>
        <label>
          <input type="checkbox" checked={p.segments.enabled} onChange={(x) => setSegments({ enabled: x.target.checked })} /> Give the answer
          runs of adjacent chunks instead of isolated ones
        </label>
        <label>
          Segment preset{' '}
          <select
            value={presetOf(p.segments) ?? ''}
            onChange={(x) => x.target.value && setSegments(RSE_PRESETS[x.target.value as keyof typeof RSE_PRESETS])}
          >
            <option value="precise">Precise</option>
            <option value="balanced">Balanced</option>
            <option value="find-everything">Find everything</option>
            <option value="">Custom</option>
          </select>
        </label>
        <NumberField label="Irrelevant chunk penalty" value={p.segments.penalty} min={0} max={1} step={0.01} onChange={(n) => setSegments({ penalty: n })} hint="Subtracted from every chunk's relevance: higher keeps segments tighter." />
        <NumberField label="Rank decay (retrieval-only)" value={p.segments.decay} min={1} max={1000} step={1} onChange={(n) => setSegments({ decay: n })} />
        <NumberField label="Most chunks per segment" value={p.segments.maxChunks} min={1} max={200} step={1} onChange={(n) => setSegments({ maxChunks: n })} />
        <NumberField label="Least segment value" value={p.segments.minValue} min={0} max={10} step={0.05} onChange={(n) => setSegments({ minValue: n })} />
        <NumberField label="Candidates for segments (retrieval-only)" value={p.segments.candidates} min={1} max={500} step={1} onChange={(n) => setSegments({ candidates: n })} />
      </fieldset>
      <NumberField label="Context budget (characters)" value={p.contextBudget} min={200} max={64000} step={100} onChange={(n) => set({ contextBudget: n })} />
      <NumberField label="Longest answer (tokens)" value={p.maxAnswerTokens} min={16} max={4096} step={16} onChange={(n) => set({ maxAnswerTokens: n })} />
      <div className="buttons">
        <button type="button" onClick={() => onChange(DEFAULT_PIPELINE)}>
          Reset to paper defaults
        </button>
        <span className="muted small">then Save settings</span>
      </div>
    </fieldset>
  );
}

/** The preset these parameters match, if any. */
function presetOf(s: RseSettings): keyof typeof RSE_PRESETS | undefined {
  const keys = Object.keys(RSE_PRESETS) as Array<keyof typeof RSE_PRESETS>;
  return keys.find((k) => (Object.keys(RSE_PRESETS[k]) as Array<keyof RseSettings>).every((f) => RSE_PRESETS[k][f] === s[f]));
}
