import type { ManifestModel } from '../../core/models';
import type { TransformersModel } from '../../core/settings';
import { SiteModelSelect } from './SiteModelSelect';

interface FieldLabels {
  model: string;
  source: string;
  baseUrl: string;
  device: string;
}

/** The fields every transformers.js model shares: its id, where its files come from, and the device. */
export function TransformersModelFields<T extends TransformersModel>({
  value,
  onChange,
  labels,
  suggestions = [],
  listId,
  siteModels = [],
  dtypes = ['fp32', 'fp16', 'q8'],
}: {
  value: T;
  onChange(v: T): void;
  labels: FieldLabels;
  suggestions?: string[];
  listId: string;
  /** Models of this kind the site serves itself (its manifest), offered without typing an id. */
  siteModels?: ManifestModel[];
  /** Weight variants these settings take: a site model's dtype outside them is left to the default. */
  dtypes?: readonly string[];
}) {
  const onSite = siteModels.find((m) => value.source === 'local' && m.id === value.modelId);
  return (
    <>
      <SiteModelSelect
        models={siteModels}
        selectedId={onSite?.id}
        onPick={(m) => onChange({ ...value, modelId: m.id, source: 'local', localBaseUrl: '/models/', ...(m.dtype && dtypes.includes(m.dtype) ? { dtype: m.dtype } : {}) })}
      />
      <label>
        {labels.model} <input list={suggestions.length ? listId : undefined} value={value.modelId} onChange={(x) => onChange({ ...value, modelId: x.target.value })} />
        {suggestions.length > 0 && (
          <datalist id={listId}>
            {suggestions.map((m) => (
              <option key={m} value={m} />
            ))}
          </datalist>
        )}
      </label>
      <label>
        {labels.source}{' '}
        <select value={value.source} onChange={(x) => onChange({ ...value, source: x.target.value as 'hub' | 'local' })}>
          <option value="hub">Hugging Face hub (downloaded once, cached by the browser)</option>
          <option value="local">Self-hosted on this site</option>
        </select>
      </label>
      {value.source === 'local' && (
        <label>
          {labels.baseUrl} <input value={value.localBaseUrl ?? '/models/'} onChange={(x) => onChange({ ...value, localBaseUrl: x.target.value })} />
        </label>
      )}
      <label>
        {labels.device}{' '}
        <select value={value.device} onChange={(x) => onChange({ ...value, device: x.target.value as TransformersModel['device'] })}>
          <option value="auto">Auto (WebGPU on a hardware GPU, else WASM)</option>
          <option value="webgpu">WebGPU</option>
          <option value="wasm">WASM (CPU)</option>
        </select>
      </label>
    </>
  );
}
