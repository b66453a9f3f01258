import type { ManifestModel } from '../../core/models';
import type { RerankerSettings } from '../../core/settings';
import { TransformersModelFields } from './TransformersModelFields';

/**
 * The optional cross-encoder that orders kept chunks before the answer (loaded on the next
 * question). Its one switch: ticking it chooses a model, and the pipeline uses whichever is chosen.
 */
export function RerankerFields({
  value,
  onToggle,
  onChange,
  siteModels,
}: {
  value: RerankerSettings;
  onToggle(on: boolean): void;
  onChange(v: RerankerSettings): void;
  siteModels?: ManifestModel[];
}) {
  return (
    <fieldset className="setting-group">
      <legend>Reranker</legend>
      <div className="setting toggle">
        <label>
          <input type="checkbox" checked={value.kind === 'transformers'} onChange={(x) => onToggle(x.target.checked)} /> Order kept chunks with a reranker model
        </label>
        <span className="setting-notes">
          <span className="symbol" title="The paper's name for it">
            cross-encoder
          </span>
          <span className="hint">
            A transformers.js text-classification model reads the question with each kept chunk and puts the best first. Off: chunks are ordered by their grade. Loaded with the
            first question.
          </span>
        </span>
      </div>
      {value.kind === 'transformers' && (
        <div className="indent">
          <TransformersModelFields<Extract<RerankerSettings, { kind: 'transformers' }>>
            value={value}
            onChange={onChange}
            labels={{ model: 'Reranker model name', source: 'Reranker weights from', baseUrl: 'Reranker models folder URL', device: 'Reranker runs on' }}
            listId="reranker-models"
            siteModels={siteModels}
          />
        </div>
      )}
    </fieldset>
  );
}
