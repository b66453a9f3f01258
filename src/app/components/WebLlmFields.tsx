import type { WebLlmModelList } from '../state';
import type { WebLlm } from './llm-engine-drafts';

/** A WebLLM model: one of the prebuilt list this GPU can run (or typed when there is no list), optionally self-hosted. */
export function WebLlmFields({
  value: draft,
  onChange: setDraft,
  webLlmList,
  list,
}: {
  value: WebLlm;
  onChange(next: WebLlm): void;
  webLlmList?: WebLlmModelList;
  /** The models offered, when the list is read and WebGPU is there. */
  list?: Extract<WebLlmModelList, { state: 'ready' }>;
}) {
  return (
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
        Weights are downloaded once and kept in the browser's cache. With a self-hosted URL, the model id above names the model; a model that is not in WebLLM's prebuilt list also
        needs its library (.wasm).
      </p>
    </div>
  );
}
