import { useApp } from '../context';
import type { Settings } from '../../core/settings';
import { loadedModels, modelOffers, ROLE_LABEL } from '../model-catalogue';
import type { ControlContext } from './SettingControls';
import { ModelOfferList } from './ModelOfferList';
import { webLlmSummary } from './webllm-summary';

/** The models in use, those this site serves, and those that can be downloaded, each offered as a card. */
export function ModelsOverview({ ctx, saved }: { ctx: ControlContext; saved: Settings }) {
  const { state } = useApp();
  const site = state.siteModels?.models ?? [];
  const offers = modelOffers(site);
  return (
    <div className="models-overview" data-testid="models-overview">
      <h3>In use</h3>
      <ul className="loaded-models">
        {loadedModels(saved, state.model, state.llm, offers).map((l) => (
          <li key={l.role} data-role={l.role} data-state={l.state}>
            <span className="role">{ROLE_LABEL[l.role]}</span> <span className="name">{l.name}</span> <span className={`status ${l.state}`}>{l.status}</span>
          </li>
        ))}
      </ul>
      <h3>On this site</h3>
      {state.siteModels?.error && <p className="error small">{state.siteModels.error}</p>}
      <ModelOfferList offers={offers.filter((o) => o.where !== 'download')} ctx={ctx} saved={saved} testId="site-models" />
      {site.length === 0 && !state.siteModels?.error && (
        <p className="muted small">This site serves no models of its own (its /models/ folder is empty); only the bundled embedding model needs no download.</p>
      )}
      <h3>Can be downloaded</h3>
      <p className="muted small">
        From the Hugging Face hub, once, then kept by this browser. Sizes are estimates for the default 8-bit weights; a model runs on this device and needs the memory shown.
      </p>
      <ModelOfferList offers={offers.filter((o) => o.where === 'download')} ctx={ctx} saved={saved} testId="download-models" />
      <p className="muted small">{webLlmSummary(state.webLlmModels)}</p>
    </div>
  );
}
