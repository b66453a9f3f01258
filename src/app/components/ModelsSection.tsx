import { useApp } from '../context';
import type { Settings } from '../../core/settings';
import { SUGGESTED_EMBEDDERS } from '../model-catalogue';
import { withReranker } from '../settings-rules';
import type { ControlContext } from './SettingControls';
import { LlmFields } from './LlmFields';
import { RerankerFields } from './RerankerFields';
import { TransformersModelFields } from './TransformersModelFields';
import { ModelsOverview } from './ModelsOverview';
import { transformersEmbedder, type TransformersEmbedder } from './embedder-choice';

/** Models: what is loaded, what this site serves, what can be downloaded; then the three choosers. */
export function ModelsSection({ ctx, saved }: { ctx: ControlContext; saved: Settings }) {
  const { state } = useApp();
  const { draft, onChange } = ctx;
  const site = state.siteModels?.models ?? [];
  const e = draft.embedder;
  const siteEmbedders = site.filter((m) => m.kind === 'embedder' && m.format === 'transformers');
  const transformers = transformersEmbedder(e, saved.embedder, siteEmbedders);
  const mixed = new Set(state.documents.map((d) => d.embedderId)).size > 1;
  return (
    <>
      <ModelsOverview ctx={ctx} saved={saved} />

      <fieldset className="setting-group">
        <legend>Embedding model</legend>
        <p className="muted small">Turns sentences into vectors, so that search can find passages by meaning.</p>
        <label>
          <input type="radio" checked={e.kind === 'use-lite'} onChange={() => onChange({ ...draft, embedder: { kind: 'use-lite' } })} /> Universal Sentence Encoder lite (bundled,
          works offline, no download)
        </label>
        <label>
          <input type="radio" checked={e.kind === 'transformers'} onChange={() => onChange({ ...draft, embedder: transformers })} /> A transformers.js feature-extraction model
          (ONNX; WebGPU when available, else WASM)
        </label>
        {e.kind === 'transformers' && (
          <div className="indent">
            <TransformersModelFields<TransformersEmbedder>
              value={e}
              onChange={(embedder) => onChange({ ...draft, embedder })}
              labels={{ model: 'Embedding model name', source: 'Embedding weights from', baseUrl: 'Embedding models folder URL', device: 'Embedding runs on' }}
              suggestions={SUGGESTED_EMBEDDERS}
              listId="models"
              siteModels={siteEmbedders}
            />
          </div>
        )}
        <p className="muted small">
          Vectors of two models cannot be compared: after switching, re-index the library from the Library tab (sentences already embedded with a model are cached, so switching
          back is quick).{mixed && ' Your library currently mixes models.'}
        </p>
        {ctx.problems
          .filter((p) => p.id === 'embedder')
          .map((p) => (
            <p key={p.message} className="problem" role="alert">
              {p.message}
            </p>
          ))}
      </fieldset>

      <LlmFields value={draft.llm} onChange={(llm) => onChange({ ...draft, llm })} />
      {ctx.problems
        .filter((p) => p.id === 'llm')
        .map((p) => (
          <p key={p.message} className="problem" role="alert">
            {p.message}
          </p>
        ))}

      <RerankerFields
        value={draft.reranker}
        onToggle={(on) => onChange(withReranker(draft, on, saved.reranker))}
        onChange={(reranker) => onChange({ ...draft, reranker })}
        siteModels={site.filter((m) => m.kind === 'reranker')}
      />
    </>
  );
}
