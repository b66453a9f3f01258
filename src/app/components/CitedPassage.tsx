import type { Chunk } from '../../core/types';
import { passagePlace } from './cited-passage';

/** The passage as cited, beside its source, with a way to its chunks in the inspector. */
export function CitedPassage({ chunk, onInspect }: { chunk: Chunk; onInspect(): void }) {
  return (
    <aside className="source-passage" aria-label="Cited passage">
      <h3>Cited passage</h3>
      <p className="muted small">{passagePlace(chunk)}</p>
      <blockquote data-testid="source-passage">{chunk.text}</blockquote>
      <button type="button" className="link" onClick={onInspect}>
        Show its chunks in the inspector
      </button>
    </aside>
  );
}
