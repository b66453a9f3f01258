import { DEFAULT_BREAKPOINT_PERCENTILE } from '../../core/settings';
import { NumberField } from './NumberField';

/** What decides the semantic chunker's boundaries: an absolute θ, or a percentile of the document's own similarities. */
interface Breakpoint {
  threshold: number;
  percentile?: number;
}

/**
 * Where the semantic chunker cuts, in words: below a similarity threshold θ, or below a
 * percentile of each document's neighbour similarities. Switching back to θ drops the percentile.
 */
export function SemanticBreakpoint<T extends Breakpoint>({
  chunker,
  onChange,
  thetaLabel = 'θ, similarity to stay in a chunk',
}: {
  chunker: T;
  onChange(c: T): void;
  thetaLabel?: string;
}) {
  const byPercentile = chunker.percentile !== undefined;
  const choose = (mode: string) => {
    if (mode === 'percentile') onChange({ ...chunker, percentile: chunker.percentile ?? DEFAULT_BREAKPOINT_PERCENTILE });
    else {
      const { percentile: _dropped, ...rest } = chunker;
      onChange(rest as T);
    }
  };
  return (
    <>
      <label>
        Start a new chunk where neighbouring sentences are less similar than{' '}
        <select aria-label="Semantic boundaries" value={byPercentile ? 'percentile' : 'threshold'} onChange={(e) => choose(e.target.value)}>
          <option value="threshold">a similarity threshold (θ)</option>
          <option value="percentile">a percentile of this document’s similarities</option>
        </select>
      </label>{' '}
      {byPercentile ? (
        <NumberField
          label="Percentile"
          min={0}
          max={100}
          step={1}
          value={chunker.percentile!}
          hint="25: the quarter of neighbouring sentence pairs least alike in each document become boundaries. Means the same whatever the embedding model."
          onChange={(percentile) => onChange({ ...chunker, percentile })}
        />
      ) : (
        <NumberField
          label={thetaLabel}
          min={-1}
          max={1}
          step={0.01}
          value={chunker.threshold}
          hint="What a similarity means depends on the embedding model: a θ that suits one model may cut another's documents into single sentences."
          onChange={(threshold) => onChange({ ...chunker, threshold })}
        />
      )}
    </>
  );
}
