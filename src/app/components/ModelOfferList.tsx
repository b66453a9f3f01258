import type { Settings } from '../../core/settings';
import { chooseOffer, describeCost, ROLE_LABEL, usesOffer, type ModelOffer } from '../model-catalogue';
import type { ControlContext } from './SettingControls';

/** Models as cards: name, what it is for, what it costs, and a button that puts it to use at once (saved, and loaded where it is a language model). */
export function ModelOfferList({ offers, ctx, saved, testId }: { offers: ModelOffer[]; ctx: ControlContext; saved: Settings; testId: string }) {
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
                <button
                  type="button"
                  onClick={() => {
                    // The draft takes the choice too, so an unsaved edit of the same model fields cannot undo it.
                    ctx.onChange(chooseOffer(ctx.draft, o));
                    ctx.saveNow?.((saved) => chooseOffer(saved, o));
                  }}
                >
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
