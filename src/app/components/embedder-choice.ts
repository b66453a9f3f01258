import type { EmbedderSettings } from '../../core/settings';
import type { ManifestModel } from '../../core/models';
import { SUGGESTED_EMBEDDERS } from '../model-catalogue';

export type TransformersEmbedder = Extract<EmbedderSettings, { kind: 'transformers' }>;

/**
 * The transformers.js embedder to start from when it is chosen: the draft's, else the saved
 * one, else one this site serves (it needs no download, so it is offered first), else the first suggestion.
 */
export function transformersEmbedder(draft: EmbedderSettings, saved: EmbedderSettings, siteEmbedders: ManifestModel[]): TransformersEmbedder {
  if (draft.kind === 'transformers') return draft;
  if (saved.kind === 'transformers') return saved;
  const onSite = siteEmbedders.find((m) => !m.randomWeights);
  return onSite
    ? {
        kind: 'transformers',
        modelId: onSite.id,
        source: 'local',
        device: 'auto',
        localBaseUrl: '/models/',
        ...(onSite.dtype === 'fp32' || onSite.dtype === 'fp16' || onSite.dtype === 'q8' ? { dtype: onSite.dtype } : {}),
      }
    : { kind: 'transformers', modelId: SUGGESTED_EMBEDDERS[0], source: 'hub', device: 'auto', localBaseUrl: '/models/' };
}
