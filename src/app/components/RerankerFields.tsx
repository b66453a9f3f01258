import type { RerankerSettings } from '../../core/settings';

const DEFAULT_CROSS_ENCODER: RerankerSettings = { kind: 'transformers', modelId: 'Xenova/ms-marco-MiniLM-L-6-v2', source: 'hub', device: 'auto' };

/** The optional cross-encoder that orders kept chunks before the answer (loaded on the next question). */
export function RerankerFields({ value, onChange }: { value: RerankerSettings; onChange(v: RerankerSettings): void }) {
  return (
    <fieldset>
      <legend>Reranker</legend>
      <label>
        <input type="checkbox" checked={value.kind === 'transformers'} onChange={(x) => onChange(x.target.checked ? DEFAULT_CROSS_ENCODER : { kind: 'none' })} /> Order kept
        chunks with a cross-encoder (transformers.js text-classification model); otherwise by their final grade
      </label>
      {value.kind === 'transformers' && (
        <div className="indent">
          <label>
            Reranker model name <input value={value.modelId} onChange={(x) => onChange({ ...value, modelId: x.target.value })} />
          </label>
          <label>
            Reranker weights from{' '}
            <select value={value.source} onChange={(x) => onChange({ ...value, source: x.target.value as 'hub' | 'local' })}>
              <option value="hub">Hugging Face hub (downloaded once, cached by the browser)</option>
              <option value="local">Self-hosted on this site</option>
            </select>
          </label>
          {value.source === 'local' && (
            <label>
              Reranker models folder URL <input value={value.localBaseUrl ?? '/models/'} onChange={(x) => onChange({ ...value, localBaseUrl: x.target.value })} />
            </label>
          )}
          <label>
            Reranker runs on{' '}
            <select value={value.device} onChange={(x) => onChange({ ...value, device: x.target.value as 'auto' | 'webgpu' | 'wasm' })}>
              <option value="auto">Auto (WebGPU if available)</option>
              <option value="webgpu">WebGPU</option>
              <option value="wasm">WASM (CPU)</option>
            </select>
          </label>
        </div>
      )}
    </fieldset>
  );
}
