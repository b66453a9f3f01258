import { useEffect } from 'react';
import { useApp } from '../context';
import type { LlmSettings } from '../../core/settings';
import { GgufModelFields } from './GgufModelFields';
import { WebLlmFields } from './WebLlmFields';
import { TransformersLlmFields } from './TransformersLlmFields';
import { LlmLoadStatus } from './LlmLoadStatus';
import { engineDrafts, offeredWebLlms, webLlmChoice } from './llm-engine-drafts';

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
  const list = offeredWebLlms(webLlmList);
  const siteLlms = state.siteModels?.models.filter((m) => m.kind === 'llm') ?? [];
  const l = state.llm;
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);
  const { webllm, transformers, gguf } = engineDrafts(draft, saved);
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
          <input type="radio" name="llm-engine" checked={draft.kind === 'webllm'} onChange={() => setDraft(webLlmChoice(webllm, list))} /> WebLLM (WebGPU)
        </label>
        {draft.kind === 'webllm' && <WebLlmFields value={draft} onChange={setDraft} webLlmList={webLlmList} list={list} />}
        <label>
          <input type="radio" name="llm-engine" checked={draft.kind === 'transformers'} onChange={() => setDraft(transformers)} /> transformers.js text-generation model (ONNX;
          WebGPU or WASM)
        </label>
        {draft.kind === 'transformers' && <TransformersLlmFields value={draft} onChange={setDraft} siteModels={siteLlms.filter((m) => m.format === 'transformers')} />}
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
        <LlmLoadStatus l={l} />
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
