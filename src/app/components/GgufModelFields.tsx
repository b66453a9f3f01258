import { siteGgufUrl, type ManifestModel } from '../../core/models';
import type { WllamaSettings } from '../../core/settings';
import { GgufFilePicker } from './GgufFilePicker';
import { SiteModelSelect } from './SiteModelSelect';

const URL_EXAMPLE = 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf';

/** A GGUF model for llama.cpp: one the site serves, a URL, or a .gguf file picked or dropped (sent on at once), and how to run it. */
export function GgufModelFields({
  value,
  saved,
  onChange,
  onFile,
  siteModels = [],
}: {
  value: WllamaSettings;
  /** The saved GGUF settings, to show which picked file is in use. */
  saved?: WllamaSettings;
  onChange(value: WllamaSettings): void;
  onFile(file: File): void;
  /** GGUF models this site serves itself (its manifest), offered without typing a URL. */
  siteModels?: ManifestModel[];
}) {
  const picked = saved?.source === 'file' && saved.fileName ? saved : undefined;
  const onSite = value.source === 'url' ? siteModels.find((m) => siteGgufUrl(m) === value.url) : undefined;
  return (
    <>
      <SiteModelSelect
        models={siteModels}
        selectedId={onSite?.id}
        testId="gguf-site-model"
        onPick={(m) => {
          const url = siteGgufUrl(m);
          if (url) onChange({ ...value, source: 'url', url, fileName: undefined, fileSize: undefined });
        }}
      />
      <label>
        GGUF file URL{' '}
        <input
          data-testid="gguf-url"
          value={value.source === 'url' ? (value.url ?? '') : ''}
          placeholder={URL_EXAMPLE}
          onChange={(x) => onChange({ ...value, source: 'url', url: x.target.value.trim() || undefined, fileName: undefined, fileSize: undefined })}
        />
      </label>
      <p className="muted small">A Hugging Face file URL (…/resolve/main/….gguf) or one on this site (/models/…/….gguf). Downloaded once and kept in this browser.</p>
      <GgufFilePicker picked={picked} onFile={onFile} />
      <label>
        Context size (tokens){' '}
        <input
          type="number"
          min={256}
          max={131072}
          step={256}
          value={value.nCtx ?? ''}
          placeholder="model's, at most 4096"
          onChange={(x) => onChange({ ...value, nCtx: x.target.value ? Number(x.target.value) : undefined })}
        />
      </label>
      <label>
        llama.cpp runs on{' '}
        <select value={value.device ?? 'auto'} onChange={(x) => onChange({ ...value, device: x.target.value as WllamaSettings['device'] })}>
          <option value="auto">WebGPU where available, else the CPU</option>
          <option value="wasm">CPU (WASM) only</option>
          <option value="webgpu">WebGPU</option>
        </select>
      </label>
    </>
  );
}
