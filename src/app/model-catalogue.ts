/**
 * The models Settings offers, in one list: the bundled one, the ones this site serves (its
 * /models/ manifest) and a few that can be downloaded, each with its download size, the
 * memory it needs and what choosing it changes in the settings.
 */
import { modelBytes, siteGgufUrl, type ManifestModel } from '../core/models';
import type { Settings } from '../core/settings';

export type ModelRole = 'embedder' | 'llm' | 'reranker';

export const ROLE_LABEL: Record<ModelRole, string> = {
  embedder: 'Embedding',
  llm: 'Language model',
  reranker: 'Reranker',
};

export interface ModelOffer {
  /** Unique among offers: `${where}:${role}:${id}`. */
  key: string;
  role: ModelRole;
  where: 'bundled' | 'site' | 'download';
  /** The model id (hub repo or folder under /models/), or the GGUF URL. */
  id: string;
  name: string;
  /** The engine that runs it, in words. */
  engine: string;
  /** Bytes fetched when it is first used (0: nothing to fetch). */
  bytes: number;
  /** Memory the loaded model needs, in MB, where known. */
  memoryMB?: number;
  /** Sizes are estimates (hub models, listed here without asking the hub). */
  approx?: boolean;
  /** Test scaffolding with random weights. */
  testModel?: boolean;
  /** The settings that choose it. */
  settings: Pick<Settings, 'embedder'> | Pick<Settings, 'llm'> | Pick<Settings, 'reranker'>;
}

/**
 * Hub models known to work, with their 8-bit (the default on the CPU) download size and
 * rough working memory; estimates, since listing them asks no server.
 */
const DOWNLOADABLE: ReadonlyArray<Omit<ModelOffer, 'key' | 'where' | 'settings' | 'engine'> & { format: 'transformers' | 'gguf' }> = [
  { role: 'embedder', format: 'transformers', id: 'Xenova/all-MiniLM-L6-v2', name: 'all-MiniLM-L6-v2', bytes: 23e6, memoryMB: 100, approx: true },
  { role: 'embedder', format: 'transformers', id: 'Xenova/paraphrase-MiniLM-L3-v2', name: 'paraphrase-MiniLM-L3-v2', bytes: 17e6, memoryMB: 80, approx: true },
  { role: 'embedder', format: 'transformers', id: 'Xenova/all-MiniLM-L12-v2', name: 'all-MiniLM-L12-v2', bytes: 34e6, memoryMB: 140, approx: true },
  { role: 'llm', format: 'transformers', id: 'HuggingFaceTB/SmolLM2-360M-Instruct', name: 'SmolLM2 360M Instruct', bytes: 390e6, memoryMB: 800, approx: true },
  { role: 'llm', format: 'transformers', id: 'onnx-community/Qwen2.5-0.5B-Instruct', name: 'Qwen2.5 0.5B Instruct', bytes: 500e6, memoryMB: 1000, approx: true },
  { role: 'llm', format: 'transformers', id: 'onnx-community/Llama-3.2-1B-Instruct', name: 'Llama 3.2 1B Instruct', bytes: 1.3e9, memoryMB: 2500, approx: true },
  {
    role: 'llm',
    format: 'gguf',
    id: 'https://huggingface.co/Qwen/Qwen2.5-0.5B-Instruct-GGUF/resolve/main/qwen2.5-0.5b-instruct-q4_k_m.gguf',
    name: 'Qwen2.5 0.5B Instruct, 4-bit GGUF',
    bytes: 400e6,
    memoryMB: 700,
    approx: true,
  },
  { role: 'reranker', format: 'transformers', id: 'Xenova/ms-marco-MiniLM-L-6-v2', name: 'ms-marco-MiniLM-L-6-v2 cross-encoder', bytes: 23e6, memoryMB: 100, approx: true },
];

/** The transformers.js embedding models suggested by name in the model-id box. */
export const SUGGESTED_EMBEDDERS = DOWNLOADABLE.filter((m) => m.role === 'embedder').map((m) => m.id);
/** The transformers.js language models suggested by name in the model-id box. */
export const SUGGESTED_LLMS = DOWNLOADABLE.filter((m) => m.role === 'llm' && m.format === 'transformers').map((m) => m.id);

const ENGINE = { transformers: 'transformers.js', gguf: 'llama.cpp' } as const;

function settingsFor(role: ModelRole, format: 'transformers' | 'gguf', id: string, local: boolean, dtype?: ManifestModel['dtype']): ModelOffer['settings'] {
  const where = local ? ({ source: 'local', localBaseUrl: '/models/' } as const) : ({ source: 'hub' } as const);
  if (role === 'llm' && format === 'gguf') return { llm: { kind: 'wllama', source: 'url', url: id, device: 'auto' } };
  if (role === 'llm') return { llm: { kind: 'transformers', modelId: id, device: 'auto', ...where, ...(dtype ? { dtype } : {}) } };
  const small = dtype === 'fp32' || dtype === 'fp16' || dtype === 'q8' ? { dtype } : {};
  if (role === 'embedder') return { embedder: { kind: 'transformers', modelId: id, device: 'auto', ...where, ...small } };
  return { reranker: { kind: 'transformers', modelId: id, device: 'auto', ...where, ...small } };
}

/** Everything that can be chosen: bundled first, then this site's models, then downloads. */
export function modelOffers(site: readonly ManifestModel[]): ModelOffer[] {
  const bundled: ModelOffer = {
    key: 'bundled:embedder:use-lite',
    role: 'embedder',
    where: 'bundled',
    id: 'use-lite',
    name: 'Universal Sentence Encoder lite',
    engine: 'TensorFlow.js',
    bytes: 0,
    settings: { embedder: { kind: 'use-lite' } },
  };
  const onSite = site.flatMap((m): ModelOffer[] => {
    const url = m.format === 'gguf' ? siteGgufUrl(m) : undefined;
    if (m.format === 'gguf' && (m.kind !== 'llm' || !url)) return [];
    const id = url ?? m.id;
    return [
      {
        key: `site:${m.kind}:${m.id}`,
        role: m.kind,
        where: 'site',
        id,
        name: m.name,
        engine: ENGINE[m.format],
        bytes: modelBytes(m),
        memoryMB: m.memoryMB,
        testModel: m.randomWeights,
        settings: settingsFor(m.kind, m.format, id, true, m.dtype),
      },
    ];
  });
  const servedIds = new Set(site.map((m) => m.id));
  const downloads = DOWNLOADABLE.filter((d) => !servedIds.has(d.id)).map((d): ModelOffer => ({
    key: `download:${d.role}:${d.id}`,
    role: d.role,
    where: 'download',
    id: d.id,
    name: d.name,
    engine: ENGINE[d.format],
    bytes: d.bytes,
    memoryMB: d.memoryMB,
    approx: d.approx,
    settings: settingsFor(d.role, d.format, d.id, false),
  }));
  return [bundled, ...onSite, ...downloads];
}

/** Whether these settings use this offer (same model, from the same place). */
export function usesOffer(s: Settings, offer: ModelOffer): boolean {
  const chosen = s[offer.role];
  const wanted = (offer.settings as Partial<Settings>)[offer.role]!;
  if (chosen.kind !== wanted.kind) return false;
  if (chosen.kind === 'use-lite') return true;
  if (chosen.kind === 'wllama' && wanted.kind === 'wllama') return chosen.source === 'url' && chosen.url === wanted.url;
  if ('modelId' in chosen && 'modelId' in wanted) {
    const local = (x: typeof chosen) => 'source' in x && x.source === 'local';
    return chosen.modelId === wanted.modelId && local(chosen) === local(wanted as typeof chosen);
  }
  return false;
}

/** The settings with this offer chosen (the pipeline's reranking is turned on with a reranker). */
export function chooseOffer(s: Settings, offer: ModelOffer): Settings {
  const next = { ...s, ...offer.settings } as Settings;
  return offer.role === 'reranker' ? { ...next, pipeline: { ...next.pipeline, rerank: true } } : next;
}

/** "23 MB download, about 100 MB of memory" — what a model costs, in words. */
export function describeCost(offer: Pick<ModelOffer, 'bytes' | 'memoryMB' | 'approx' | 'where'>): string {
  const about = offer.approx ? 'about ' : '';
  const size = offer.bytes === 0 ? 'nothing to download' : `${about}${megabytes(offer.bytes)} ${offer.where === 'site' ? 'from this site' : 'download'}`;
  const memory = offer.memoryMB ? `, about ${offer.memoryMB >= 1000 ? `${(offer.memoryMB / 1000).toFixed(1)} GB` : `${offer.memoryMB} MB`} of memory` : '';
  return size + memory;
}

function megabytes(bytes: number): string {
  if (bytes >= 1e9) return `${(bytes / 1e9).toFixed(1)} GB`;
  if (bytes >= 1e6) return `${Math.round(bytes / 1e6)} MB`;
  return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
}

interface LoadedLine {
  role: ModelRole;
  /** The model chosen, in words. */
  name: string;
  state: 'ready' | 'loading' | 'failed' | 'none' | 'on-demand';
  /** Its state in words. */
  status: string;
}

interface Status {
  state: string;
  loaded?: number;
  total?: number;
  error?: string;
}

/** What is loaded now, for each role, from the saved settings and the runtimes' status. */
export function loadedModels(
  saved: Settings,
  embedder: Status & { id?: string },
  llm: Status & { info?: { model: string; engine: string; contextWindow: number } },
  offers: readonly ModelOffer[] = [],
): LoadedLine[] {
  const progress = (s: Status) => (s.total ? ` (${megabytes(s.loaded ?? 0)} of ${megabytes(s.total)})` : '');
  const e = saved.embedder;
  const embedderName = e.kind === 'use-lite' ? 'Universal Sentence Encoder lite (bundled)' : e.modelId;
  const lines: LoadedLine[] = [
    embedder.state === 'ready'
      ? { role: 'embedder', name: embedderName, state: 'ready', status: 'Loaded' }
      : embedder.state === 'failed'
        ? { role: 'embedder', name: embedderName, state: 'failed', status: `Failed to load: ${embedder.error ?? 'unknown error'}` }
        : { role: 'embedder', name: embedderName, state: 'loading', status: embedder.state === 'idle' ? 'Not loaded yet' : `Loading${progress(embedder)}` },
  ];
  const l = saved.llm;
  if (l.kind === 'none') lines.push({ role: 'llm', name: 'None', state: 'none', status: 'Questions are answered retrieval-only' });
  else {
    // The name its card gives it, where it is one of the offered models (a GGUF file's own name may be a training run's).
    const offered = offers.find((o) => o.role === 'llm' && usesOffer(saved, o))?.name;
    const name = offered ?? llm.info?.model ?? ('modelId' in l ? l.modelId : l.source === 'file' ? (l.fileName ?? 'a GGUF file') : (l.url?.split('/').pop() ?? 'a GGUF model'));
    if (llm.state === 'ready')
      lines.push({ role: 'llm', name, state: 'ready', status: `Loaded${llm.info ? ` (${llm.info.engine}, ${llm.info.contextWindow} tokens of context)` : ''}` });
    else if (llm.state === 'failed') lines.push({ role: 'llm', name, state: 'failed', status: `Failed to load: ${llm.error ?? 'unknown error'}` });
    else lines.push({ role: 'llm', name, state: 'loading', status: `Loading${progress(llm)}` });
  }
  const r = saved.reranker;
  lines.push(
    r.kind === 'none' || !saved.pipeline.rerank
      ? { role: 'reranker', name: 'None', state: 'none', status: 'Kept chunks are ordered by their grade' }
      : { role: 'reranker', name: r.modelId, state: 'on-demand', status: 'Loaded with the next question' },
  );
  return lines;
}
