import { useApp } from '../context';
import type { EmbedderSettings, Settings } from '../../core/settings';
import { chooseOffer, describeCost, loadedModels, modelOffers, ROLE_LABEL, SUGGESTED_EMBEDDERS, usesOffer, type ModelOffer } from '../model-catalogue';
import { withReranker } from '../settings-rules';
import type { ControlContext } from './SettingControls';
import { LlmFields } from './LlmFields';
import { RerankerFields } from './RerankerFields';
import { TransformersModelFields } from './TransformersModelFields';

type TransformersEmbedder = Extract<EmbedderSettings, { kind: 'transformers' }>;

/** Models: what is loaded, what this site serves, what can be downloaded; then the three choosers. */
export function ModelsSection({ ctx, saved }: { ctx: ControlContext; saved: Settings }) {
  const { state } = useApp();
  const { draft, onChange } = ctx;
  const site = state.siteModels?.models ?? [];
  const offers = modelOffers(site);
  const e = draft.embedder;
  const siteEmbedders = site.filter((m) => m.kind === 'embedder' && m.format === 'transformers');
  // A model this site serves needs no download: offer it first.
  const onSite = siteEmbedders.find((m) => !m.randomWeights);
  const transformers: TransformersEmbedder =
    e.kind === 'transformers'
      ? e
      : saved.embedder.kind === 'transformers'
        ? saved.embedder
        : onSite
          ? {
              kind: 'transformers',
              modelId: onSite.id,
              source: 'local',
              device: 'auto',
              localBaseUrl: '/models/',
              ...(onSite.dtype === 'fp32' || onSite.dtype === 'fp16' || onSite.dtype === 'q8' ? { dtype: onSite.dtype } : {}),
            }
          : { kind: 'transformers', modelId: SUGGESTED_EMBEDDERS[0], source: 'hub', device: 'auto', localBaseUrl: '/models/' };
  const mixed = new Set(state.documents.map((d) => d.embedderId)).size > 1;
  const webllm = state.webLlmModels;
  return (
    <>
      <div className="models-overview" data-testid="models-overview">
        <h3>In use</h3>
        <ul className="loaded-models">
          {loadedModels(saved, state.model, state.llm).map((l) => (
            <li key={l.role} data-role={l.role} data-state={l.state}>
              <span className="role">{ROLE_LABEL[l.role]}</span> <span className="name">{l.name}</span> <span className={`status ${l.state}`}>{l.status}</span>
            </li>
          ))}
        </ul>
        <h3>On this site</h3>
        {state.siteModels?.error && <p className="error small">{state.siteModels.error}</p>}
        <OfferList offers={offers.filter((o) => o.where !== 'download')} ctx={ctx} saved={saved} testId="site-models" />
        {site.length === 0 && !state.siteModels?.error && (
          <p className="muted small">This site serves no models of its own (its /models/ folder is empty); only the bundled embedding model needs no download.</p>
        )}
        <h3>Can be downloaded</h3>
        <p className="muted small">
          From the Hugging Face hub, once, then kept by this browser. Sizes are estimates for the default 8-bit weights; a model runs on this device and needs the memory shown.
        </p>
        <OfferList offers={offers.filter((o) => o.where === 'download')} ctx={ctx} saved={saved} testId="download-models" />
        <p className="muted small">
          {webllm?.state === 'ready'
            ? webllm.models.length > 0
              ? `WebLLM: ${webllm.models.length} models this GPU can run, needing ${gb(Math.min(...webllm.models.map((m) => m.vramMB)))}–${gb(Math.max(...webllm.models.map((m) => m.vramMB)))} of GPU memory; pick one under Language model › WebLLM.`
              : 'WebLLM: no models can run here (it needs WebGPU).'
            : 'WebLLM’s models (WebGPU, about 1–8 GB of GPU memory each) are listed under Language model when you choose WebLLM.'}
        </p>
      </div>

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

function gb(mb: number): string {
  return `${(mb / 1024).toFixed(1)} GB`;
}

/** Models as cards: name, what it is for, what it costs, and a button that chooses it (saved with the rest). */
function OfferList({ offers, ctx, saved, testId }: { offers: ModelOffer[]; ctx: ControlContext; saved: Settings; testId: string }) {
  if (offers.length === 0) return null;
  return (
    <ul className="model-offers" data-testid={testId}>
      {offers.map((o) => {
        const inUse = usesOffer(saved, o);
        const chosen = usesOffer(ctx.draft, o);
        return (
          <li key={o.key} className={chosen ? 'chosen' : undefined}>
            <div className="offer-name">
              <strong>{o.name}</strong> <span className="chip">{ROLE_LABEL[o.role]}</span>
              {o.testModel && <span className="chip test">test model</span>}
            </div>
            <div className="muted small">
              {o.engine} · {describeCost(o)}
            </div>
            <div className="offer-action">
              {inUse && chosen ? (
                <span className="small in-use">In use</span>
              ) : chosen ? (
                <span className="small">Chosen — save to use</span>
              ) : (
                <button type="button" onClick={() => ctx.onChange(chooseOffer(ctx.draft, o))}>
                  Use
                  <span className="sr-only">
                    {' '}
                    {o.name} as the {ROLE_LABEL[o.role].toLowerCase()}
                    {o.role === 'embedder' ? ' model' : ''}
                  </span>
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
