import { modelBytes, type ManifestModel } from '../../core/models';
import { describeBytes } from '../format';

/** "On this site": a pick of the models the site serves itself (its manifest); nothing when it serves none. */
export function SiteModelSelect({
  models,
  selectedId,
  onPick,
  testId,
}: {
  models: ManifestModel[];
  /** The model now in use, if it is one of these. */
  selectedId?: string;
  /** Called with the model picked; not called for "(another model)". */
  onPick(model: ManifestModel): void;
  testId?: string;
}) {
  if (models.length === 0) return null;
  return (
    <label>
      On this site{' '}
      <select
        data-testid={testId}
        value={selectedId ?? ''}
        onChange={(x) => {
          const m = models.find((s) => s.id === x.target.value);
          if (m) onPick(m);
        }}
      >
        <option value="">(another model)</option>
        {models.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name} — {describeBytes(modelBytes(m))}
            {m.memoryMB ? `, needs about ${m.memoryMB} MB of memory` : ''}
            {m.randomWeights ? ' (test model, random weights)' : ''}
          </option>
        ))}
      </select>
    </label>
  );
}
