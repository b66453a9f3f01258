import type { ManifestModel } from '../../core/models';
import type { RerankerSettings } from '../../core/settings';
import { TransformersModelFields } from './TransformersModelFields';

const DEFAULT_CROSS_ENCODER: RerankerSettings = { kind: 'transformers', modelId: 'Xenova/ms-marco-MiniLM-L-6-v2', source: 'hub', device: 'auto' };

/** The optional cross-encoder that orders kept chunks before the answer (loaded on the next question). */
export function RerankerFields({ value, onChange, siteModels }: { value: RerankerSettings; onChange(v: RerankerSettings): void; siteModels?: ManifestModel[] }) {
  return (
    <fieldset>
      <legend>Reranker</legend>
      <label>
        <input type="checkbox" checked={value.kind === 'transformers'} onChange={(x) => onChange(x.target.checked ? DEFAULT_CROSS_ENCODER : { kind: 'none' })} /> Order kept
        chunks with a cross-encoder (transformers.js text-classification model); otherwise by their final grade
      </label>
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
