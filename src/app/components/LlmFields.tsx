import { TransformersModelFields } from './TransformersModelFields';
import { GgufModelFields } from './GgufModelFields';
import { useEffect } from 'react';
import { useApp } from '../context';
import { describeBytes } from '../format';
import type { LlmSettings } from '../../core/settings';
import { SUGGESTED_LLMS } from '../model-catalogue';

type WebLlm = Extract<LlmSettings, { kind: 'webllm' }>;
type TransformersLlm = Extract<LlmSettings, { kind: 'transformers' }>;
type GgufLlm = Extract<LlmSettings, { kind: 'wllama' }>;

const DEFAULT_WEBLLM: WebLlm = { kind: 'webllm', modelId: 'Qwen2.5-1.5B-Instruct-q4f16_1-MLC' };
const DEFAULT_TRANSFORMERS: TransformersLlm = {
  kind: 'transformers',
  modelId: 'onnx-community/Qwen2.5-0.5B-Instruct',
  source: 'hub',
  localBaseUrl: '/models/',
  device: 'auto',
};
const DEFAULT_GGUF: GgufLlm = { kind: 'wllama', source: 'url', device: 'auto' };
const LLM_DTYPES = ['fp32', 'fp16', 'q8', 'q4'] as const;

/**
 * Which language model answers questions, with its load progress. Part of the Settings
 * draft: the tab's one Save loads it. A GGUF file picked from disk is the exception: a file
 * cannot wait in a draft, so it is sent to the model worker at once.
 */
export function LlmFields({ value: draft, onChange: setDraft }: { value: LlmSettings; onChange(next: LlmSettings): void }) {
  const { state, store } = useApp();
  const saved = state.settings?.llm ?? { kind: 'none' as const };
  useEffect(() => {
    if (draft.kind === 'webllm') void store.models.loadWebLlmModels();
  }, [draft.kind, store]);
  const webLlmList = state.webLlmModels;
  // The models offered: none until the list is read, nor where WebGPU is missing.
  const list = webLlmList?.state === 'ready' && webLlmList.models.length > 0 ? webLlmList : undefined;
  const siteLlms = state.siteModels?.models.filter((m) => m.kind === 'llm') ?? [];
  const l = state.llm;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const webllm: WebLlm = draft.kind === 'webllm' ? draft : saved.kind === 'webllm' ? saved : DEFAULT_WEBLLM;
  const transformers: TransformersLlm = draft.kind === 'transformers' ? draft : saved.kind === 'transformers' ? saved : DEFAULT_TRANSFORMERS;
  const gguf: GgufLlm = draft.kind === 'wllama' ? draft : saved.kind === 'wllama' ? saved : DEFAULT_GGUF;
  const pickWebLlm = () => {
    const ids = list ? list.models.map((m) => m.id) : [];
    setDraft(ids.length > 0 && !ids.includes(webllm.modelId) && !webllm.modelUrl ? { ...webllm, modelId: ids[0] } : webllm);
  };
  // Once the list is known, a prebuilt id this GPU cannot run is replaced by the first one it can.
  useEffect(() => {
    if (draft.kind !== 'webllm' || !list || draft.modelUrl) return;
    if (!list.models.some((m) => m.id === draft.modelId)) setDraft({ ...draft, modelId: list.models[0].id });
  }, [draft, list, setDraft]);

  return (
    <div className="llm-settings">
      <fieldset className="setting-group">
        <legend>Language model</legend>
        <p className="muted small">
          A language model grades the retrieved chunks and writes the answer, in this browser. Without one, Sieve answers retrieval-only: chunks are graded by their retrieval
          scores and the answer quotes the best sentences.
        </p>
        <label>
          <input type="radio" name="llm-engine" checked={draft.kind === 'none'} onChange={() => setDraft({ kind: 'none' })} /> None — retrieval-only
        </label>
        <label>
          <input type="radio" name="llm-engine" checked={draft.kind === 'webllm'} onChange={pickWebLlm} /> WebLLM (WebGPU)
        </label>
        {draft.kind === 'webllm' && (
          <div className="indent">
            {webLlmList?.state === 'loading' && <p className="muted small">Reading the WebLLM model list…</p>}
            {webLlmList?.state === 'failed' && (
              <p className="warning small" role="status" data-testid="webllm-unavailable">
                {webLlmList.error}
              </p>
            )}
            {webLlmList?.state === 'ready' && webLlmList.webgpu === 'missing' && (
              <p className="warning small" role="status" data-testid="webllm-unavailable">
                This browser has no WebGPU (navigator.gpu is missing), which WebLLM needs. Choose transformers.js (it also runs on the CPU with WASM) or None — retrieval-only.
              </p>
            )}
            {webLlmList?.state === 'ready' && webLlmList.webgpu === 'no-adapter' && (
              <p className="warning small" role="status" data-testid="webllm-unavailable">
                WebGPU is present but no GPU adapter is available, so WebLLM will probably fail to load. transformers.js on WASM or retrieval-only work without a GPU.
              </p>
            )}
            {list ? (
              <label>
                WebLLM model{' '}
                <select value={draft.modelId} onChange={(x) => setDraft({ ...draft, modelId: x.target.value })}>
                  {!list.models.some((m) => m.id === draft.modelId) && <option value={draft.modelId}>{draft.modelId} (custom)</option>}
                  {list.models.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.label} — needs {(m.vramMB / 1024).toFixed(1)} GB of GPU memory, {m.contextWindow} tokens of context
                      {m.lowResource ? ', runs on low-end GPUs' : ''}
                    </option>
                  ))}
                </select>
              </label>
            ) : (
              <label>
                WebLLM model <input value={draft.modelId} onChange={(x) => setDraft({ ...draft, modelId: x.target.value })} />
              </label>
            )}
            {list && !list.shaderF16 && <p className="muted small">This GPU lacks 16-bit float shaders, so only the q4f32 models are listed.</p>}
            <label>
              Self-hosted weights URL (optional){' '}
              <input
                value={draft.modelUrl ?? ''}
                placeholder="https://example.org/models/Qwen2.5-1.5B-Instruct-q4f16_1-MLC/"
                onChange={(x) => setDraft({ ...draft, modelUrl: x.target.value.trim() || undefined })}
              />
            </label>
            <label>
              Self-hosted model library URL (optional){' '}
              <input
                value={draft.modelLibUrl ?? ''}
                placeholder="https://example.org/libs/Qwen2.5-1.5B-Instruct-q4f16_1-ctx4k_cs1k-webgpu.wasm"
                onChange={(x) => setDraft({ ...draft, modelLibUrl: x.target.value.trim() || undefined })}
              />
            </label>
            <p className="muted small">
              Weights are downloaded once and kept in the browser's cache. With a self-hosted URL, the model id above names the model; a model that is not in WebLLM's prebuilt list
              also needs its library (.wasm).
            </p>
          </div>
        )}
        <label>
          <input type="radio" name="llm-engine" checked={draft.kind === 'transformers'} onChange={() => setDraft(transformers)} /> transformers.js text-generation model (ONNX;
          WebGPU or WASM)
        </label>
        {draft.kind === 'transformers' && (
          <div className="indent">
            <TransformersModelFields<TransformersLlm>
              value={draft}
              onChange={setDraft}
              labels={{ model: 'LLM model name', source: 'LLM weights from', baseUrl: 'LLM models folder URL', device: 'LLM runs on' }}
              suggestions={SUGGESTED_LLMS}
              listId="llm-models"
              siteModels={siteLlms.filter((m) => m.format === 'transformers')}
              dtypes={LLM_DTYPES}
            />
            <label>
              LLM weight precision{' '}
              <select value={draft.dtype ?? ''} onChange={(x) => setDraft({ ...draft, dtype: (x.target.value || undefined) as TransformersLlm['dtype'] })}>
                <option value="">Default (q8 on WASM, fp32 on WebGPU)</option>
                <option value="fp32">fp32</option>
                <option value="fp16">fp16</option>
                <option value="q8">q8 (8-bit)</option>
                <option value="q4">q4 (4-bit)</option>
                <option value="q4f16">q4f16 (4-bit, 16-bit activations)</option>
              </select>
            </label>
          </div>
        )}
        <label>
          <input type="radio" name="llm-engine" checked={draft.kind === 'wllama'} onChange={() => setDraft(gguf)} /> GGUF (llama.cpp, WASM)
        </label>
        {draft.kind === 'wllama' && (
          <div className="indent">
            <GgufModelFields
              value={draft}
              saved={saved.kind === 'wllama' ? saved : undefined}
              onChange={setDraft}
              onFile={(file) => {
                // The file is used at once (it cannot wait in the draft); the draft follows, so nothing shows as unsaved.
                setDraft({ kind: 'wllama', source: 'file', fileName: file.name, fileSize: file.size, nCtx: draft.nCtx, device: draft.device });
                void store.models.useGgufFile(file, { nCtx: draft.nCtx, device: draft.device });
              }}
              siteModels={siteLlms.filter((m) => m.format === 'gguf')}
            />
          </div>
        )}
        <div className="llm-load" data-testid="llm-load" data-state={l.state} role="status">
          {l.state === 'none' && <span className="muted small">No language model loaded: questions are answered retrieval-only.</span>}
          {l.state === 'loading' && (
            <>
              <span className="small">Loading… {l.total ? `${describeBytes(l.loaded ?? 0)} / ${describeBytes(l.total)}` : ''}</span>{' '}
              {l.total ? <progress max={l.total} value={l.loaded ?? 0} /> : <progress />}
              {l.file && <div className="muted small">{l.file}</div>}
            </>
          )}
          {l.state === 'ready' && l.info && (
            <span className="small">
              Loaded {l.info.model} ({l.info.engine}, {l.info.contextWindow} tokens of context).
            </span>
          )}
          {l.state === 'failed' && <span className="error small">{l.error}</span>}
        </div>
        {changed && (
          <p className="small unsaved-note" data-testid="llm-unsaved">
            {draft.kind === 'none' ? 'Save settings to stop using the language model.' : 'Save settings to load this model.'}
          </p>
        )}
        {l.state === 'failed' && !changed && saved.kind !== 'none' && (
          <div className="buttons">
            <button type="button" onClick={() => void store.models.loadLlm()}>
              Retry
            </button>
          </div>
        )}
      </fieldset>
    </div>
  );
}
