import { useEffect, useState } from 'react';
import { useApp } from '../context';
import { DEFAULT_SETTINGS, type EmbedderSettings, type Settings } from '../../core/settings';
import { DEFAULT_LLM_CHUNKER } from '../../core/types';
import { LlmSettingsForm } from './LlmSettingsForm';
import { NumberField } from './NumberField';
import { PipelineSettingsFields } from './PipelineSettingsFields';
import { RerankerFields } from './RerankerFields';
import { SemanticBreakpoint } from './SemanticBreakpoint';
import { TransformersModelFields } from './TransformersModelFields';

/** Mean-pooled sentence-transformers models (the adapter mean-pools). */
const SUGGESTED_MODELS = ['Xenova/all-MiniLM-L6-v2', 'Xenova/paraphrase-MiniLM-L3-v2', 'Xenova/all-MiniLM-L12-v2'];

export function SettingsView() {
  const { state, store } = useApp();
  const [draft, setDraft] = useState<Settings>(state.settings ?? DEFAULT_SETTINGS);
  useEffect(() => setDraft(state.settings ?? DEFAULT_SETTINGS), [state.settings]);
  const e = draft.embedder;
  const c = draft.chunker;
  const s = draft.search;
  const siteEmbedders = state.siteModels?.models.filter((m) => m.kind === 'embedder' && m.format === 'transformers') ?? [];
  // A model this site serves needs no download: offer it first.
  const onSite = siteEmbedders.find((m) => !m.randomWeights);
  const transformers: Extract<EmbedderSettings, { kind: 'transformers' }> =
    e.kind === 'transformers'
      ? e
      : onSite
        ? { kind: 'transformers', modelId: onSite.id, source: 'local', device: 'auto', localBaseUrl: '/models/', ...(onSite.dtype === 'fp32' || onSite.dtype === 'fp16' || onSite.dtype === 'q8' ? { dtype: onSite.dtype } : {}) }
        : { kind: 'transformers', modelId: SUGGESTED_MODELS[0], source: 'hub', device: 'auto', localBaseUrl: '/models/' };
  const mixed = new Set(state.documents.map((d) => d.embedderId)).size > 1;
  // LLM-boundary chunking reads split-token probabilities: only a loaded transformers.js model can.
  const splitScores = state.llm.state === 'ready' && state.llm.info?.splitScores === true;
  return (
    <div className="settings">
      <LlmSettingsForm />
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          // The language model is saved by its own form above.
          const { llm: _llm, ...rest } = draft;
          void store.updateSettings(rest);
        }}
      >
        <fieldset>
          <legend>Embedding model</legend>
          <label>
            <input type="radio" checked={e.kind === 'use-lite'} onChange={() => setDraft({ ...draft, embedder: { kind: 'use-lite' } })} /> Universal
            Sentence Encoder lite (bundled, 512-d, works offline, no download)
          </label>
          <label>
            <input type="radio" checked={e.kind === 'transformers'} onChange={() => setDraft({ ...draft, embedder: transformers })} /> A
            transformers.js feature-extraction model (ONNX; WebGPU when available, else WASM)
          </label>
          {e.kind === 'transformers' && (
            <div className="indent">
              <TransformersModelFields<Extract<EmbedderSettings, { kind: 'transformers' }>>
                value={e}
                onChange={(embedder) => setDraft({ ...draft, embedder })}
                labels={{ model: 'Model id', source: 'Source', baseUrl: 'Base URL', device: 'Device' }}
                suggestions={SUGGESTED_MODELS}
                listId="models"
                siteModels={siteEmbedders}
              />
            </div>
          )}
          <p className="muted small">
            Vectors of two models cannot be compared: after switching, re-index the library from the Library tab (sentences already embedded with
            a model are cached, so switching back is quick).{mixed && ' Your library currently mixes models.'}
          </p>
        </fieldset>
        <fieldset>
          <legend>Chunking (for new documents; re-index existing ones from the Library)</legend>
          <label>
            <input type="radio" checked={c.kind === 'semantic'} onChange={() => setDraft({ ...draft, chunker: DEFAULT_SETTINGS.chunker })} /> Semantic
            (ChunkRAG)
          </label>
          {c.kind === 'semantic' && (
            <div className="indent">
              <SemanticBreakpoint chunker={c} onChange={(chunker) => setDraft({ ...draft, chunker })} />
              <NumberField label="Max characters per chunk" min={50} max={4000} step={10} value={c.maxChars} onChange={(maxChars) => setDraft({ ...draft, chunker: { ...c, maxChars } })} />
            </div>
          )}
          <label>
            <input type="radio" checked={c.kind === 'fixed'} onChange={() => setDraft({ ...draft, chunker: { kind: 'fixed', size: 500, overlap: 50 } })} /> Fixed size
          </label>
          {c.kind === 'fixed' && (
            <div className="indent">
              <NumberField label="Size (characters)" min={50} max={8000} value={c.size} onChange={(size) => setDraft({ ...draft, chunker: { ...c, size } })} />
              <NumberField label="Overlap" min={0} max={c.size - 1} value={c.overlap} onChange={(overlap) => setDraft({ ...draft, chunker: { ...c, overlap } })} />
            </div>
          )}
          <label>
            <input
              type="radio"
              checked={c.kind === 'llm'}
              disabled={!splitScores && c.kind !== 'llm'}
              onChange={() => setDraft({ ...draft, chunker: { ...DEFAULT_LLM_CHUNKER, headers: c.headers } })}
            />{' '}
            LLM boundaries (LlamaChunk)
          </label>
          {!splitScores && (
            <p className="muted small indent">
              LLM boundaries needs a transformers.js language model (reads split-token probabilities); the semantic chunker stays the default.
              {c.kind === 'llm' && ' Documents added now will fail until one is loaded.'}
            </p>
          )}
          {c.kind === 'llm' && (
            <div className="indent">
              <NumberField label="Threshold (log-odds over the positional trend)" min={-20} max={20} step={0.1} value={c.threshold} onChange={(threshold) => setDraft({ ...draft, chunker: { ...c, threshold } })} />
              <NumberField label="Min characters per chunk" min={0} max={4000} step={10} value={c.minChars} onChange={(minChars) => setDraft({ ...draft, chunker: { ...c, minChars } })} />
              <NumberField label="Max characters per chunk" min={100} max={8000} step={10} value={c.maxChars} onChange={(maxChars) => setDraft({ ...draft, chunker: { ...c, maxChars } })} />
            </div>
          )}
          <label>
            <input
              type="checkbox"
              checked={c.headers !== false}
              onChange={(x) => setDraft({ ...draft, chunker: { ...c, headers: x.target.checked, headerVectors: x.target.checked ? c.headerVectors : undefined } })}
            />{' '}
            Contextual headers: search each chunk with its document title and section path
          </label>
          {c.headers !== false && (
            <label className="indent">
              <input
                type="checkbox"
                checked={c.headerVectors === true}
                onChange={(x) => setDraft({ ...draft, chunker: { ...c, headerVectors: x.target.checked || undefined } })}
              />{' '}
              …and in chunk vectors too <span className="muted small">(embeds each distinct header once; did not improve retrieval with the bundled model on the dev set)</span>
            </label>
          )}
        </fieldset>
        <fieldset>
          <legend>Search</legend>
          <label>
            Mode{' '}
            <select value={s.mode} onChange={(x) => setDraft({ ...draft, search: { ...s, mode: x.target.value as Settings['search']['mode'] } })}>
              <option value="hybrid">Hybrid (BM25 + vectors)</option>
              <option value="bm25">Keywords only (BM25)</option>
              <option value="dense">Vectors only</option>
            </select>
          </label>
          <NumberField label="BM25 weight" min={0} max={1} step={0.05} value={s.weights.bm25} onChange={(bm25) => setDraft({ ...draft, search: { ...s, weights: { ...s.weights, bm25 } } })} />
          <NumberField label="Vector weight" min={0} max={1} step={0.05} value={s.weights.dense} onChange={(dense) => setDraft({ ...draft, search: { ...s, weights: { ...s.weights, dense } } })} />
          <NumberField label="Results" min={1} max={200} value={s.limit} onChange={(limit) => setDraft({ ...draft, search: { ...s, limit } })} />
        </fieldset>
        <RerankerFields value={draft.reranker} onChange={(reranker) => setDraft({ ...draft, reranker })} siteModels={state.siteModels?.models.filter((m) => m.kind === 'reranker')} />
        <PipelineSettingsFields value={draft.pipeline} onChange={(pipeline) => setDraft({ ...draft, pipeline })} />
        <div className="buttons">
          <button type="submit">Save settings</button>
          <button type="button" onClick={() => setDraft(DEFAULT_SETTINGS)}>
            Reset to defaults
          </button>
        </div>
      </form>
    </div>
  );
}
