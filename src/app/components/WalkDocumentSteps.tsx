import type { Inspection } from '../../services/library';
import { ChunkHeader } from './ChunkHeader';
import { SimilarityPlot } from './SimilarityPlot';

/** The sample's sentences: how similar each is to the next. */
export function WalkSentences({ ins }: { ins?: Inspection }) {
  return ins ? (
    <div className="plot-scroll">
      <SimilarityPlot sims={ins.neighbourSims} threshold={ins.threshold} percentile={ins.percentile} chunks={ins.chunks} from={0} count={ins.neighbourSims.length} />
    </div>
  ) : (
    <p className="muted">Loading the document…</p>
  );
}

/** The sample's chunks, each with its contextual header. */
export function WalkChunks({ ins }: { ins?: Inspection }) {
  return ins ? (
    <ol className="walk-chunks small" data-testid="walk-chunks">
      {ins.chunks.map((c) => (
        <li key={c.id}>
          <ChunkHeader header={c.header} />
          {c.text}
        </li>
      ))}
    </ol>
  ) : null;
}
