import type { LlmStatus, QuestionState } from '../state';
import type { LlmSettings } from '../../core/settings';
import type { ManifestModel } from '../../core/models';
import { llmShownName } from './llm-name';
import { askModeLabel } from './ask-labels';

export function ModeLine({
  llm,
  settings,
  siteModels,
  question,
  onRetrievalOnly,
  onSettings,
}: {
  llm: LlmStatus;
  settings?: LlmSettings;
  siteModels?: ManifestModel[];
  question?: QuestionState;
  onRetrievalOnly(): void;
  onSettings(): void;
}) {
  const name = settings && settings.kind !== 'none' ? llmShownName(settings, siteModels) : 'the language model';
  if (llm.state === 'failed') {
    return (
      <div className="llm-error" role="alert" data-testid="llm-error" data-code={llm.code}>
        <p>
          <strong>The language model {name} could not be loaded.</strong> {llm.error}
        </p>
        <p className="small">Questions are answered retrieval-only (quoted sentences, no language model) until another engine loads.</p>
        <div className="buttons">
          <button type="button" onClick={onRetrievalOnly}>
            Use retrieval-only
          </button>
          <button type="button" onClick={onSettings}>
            Choose another engine
          </button>
        </div>
      </div>
    );
  }
  return (
    <p className="mode muted small" data-testid="ask-mode">
      {askModeLabel(llm, name, question, name !== llmShownName(settings, undefined))}
    </p>
  );
}
