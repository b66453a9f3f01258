import type { Chunk } from '../../core/types';
import { thetaText } from '../format';
import { usePlotKeys } from './plot-keys';

interface Props {
  sims: number[];
  threshold?: number;
  /** Set when θ is this percentile of the document's similarities. */
  percentile?: number;
  chunks: Chunk[];
  /** First sentence to show and how many. */
  from: number;
  count: number;
  selected?: number;
  onSelectSentence?: (i: number) => void;
}

const H = 220;
const PAD = { l: 36, r: 8, t: 10, b: 24 };

/**
 * Cosine similarity between each sentence and the next, with the θ line and chunk boundaries:
 * a dip below θ is where the semantic chunker starts a new chunk.
 */
export function SimilarityPlot({ sims, threshold, percentile, chunks, from, count, selected, onSelectSentence }: Props) {
  const to = Math.min(sims.length, from + count);
  const n = Math.max(1, to - from);
  const W = Math.max(600, n * 8);
  const x = (i: number) => PAD.l + ((i - from + 0.5) / n) * (W - PAD.l - PAD.r);
  const lo = Math.min(0, ...sims.slice(from, to));
  const y = (v: number) => PAD.t + (1 - (v - lo) / (1 - lo)) * (H - PAD.t - PAD.b);
  const points = [];
  for (let i = from; i < to; i++) points.push(`${x(i).toFixed(1)},${y(sims[i]).toFixed(1)}`);
  const boundaries = chunks.filter((c) => c.sentenceStart > from && c.sentenceStart <= to).map((c) => c.sentenceStart);
  const keys = usePlotKeys(to - from, onSelectSentence && ((k) => onSelectSentence(from + k)));
  return (
    <svg
      ref={keys.root}
      className="simplot"
      width={W}
      height={H}
      role="group"
      aria-label={`Similarity between consecutive sentences ${from + 1} to ${to + 1}: one point per pair, arrow keys move between them`}
      onKeyDown={keys.onKeyDown}
    >
      <line x1={PAD.l} x2={W - PAD.r} y1={y(lo)} y2={y(lo)} className="axis" />
      {[0, 0.5, 1]
        .filter((v) => v >= lo)
        .map((v) => (
          <g key={v}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(v)} y2={y(v)} className="grid" />
            <text x={PAD.l - 4} y={y(v) + 4} textAnchor="end" className="tick">
              {v}
            </text>
          </g>
        ))}
      {boundaries.map((b) => (
        <line key={b} x1={x(b - 1)} x2={x(b - 1)} y1={PAD.t} y2={H - PAD.b} className="boundary">
          <title>chunk boundary before sentence {b + 1}</title>
        </line>
      ))}
      {threshold !== undefined && (
        <g>
          <line x1={PAD.l} x2={W - PAD.r} y1={y(threshold)} y2={y(threshold)} className="threshold" />
          <text x={W - PAD.r} y={y(threshold) - 4} textAnchor="end" className="tick threshold-label">
            {thetaText(threshold, percentile)}
          </text>
        </g>
      )}
      <polyline points={points.join(' ')} className="sims" />
      {Array.from({ length: to - from }, (_, k) => from + k).map((i) => (
        <circle
          key={i}
          cx={x(i)}
          cy={y(sims[i])}
          r={selected === i ? 4 : 2.5}
          className={threshold !== undefined && sims[i] < threshold ? 'below' : 'above'}
          onClick={() => onSelectSentence?.(i)}
          {...keys.point(i - from)}
          role={onSelectSentence ? 'button' : 'img'}
          aria-label={`Sentences ${i + 1} to ${i + 2}: cosine ${sims[i].toFixed(3)}${threshold !== undefined ? (sims[i] < threshold ? ', below θ: a new chunk may start' : ', at or above θ') : ''}`}
        >
          <title>
            sentences {i + 1}→{i + 2}: cosine {sims[i].toFixed(3)}
          </title>
        </circle>
      ))}
      <text x={PAD.l} y={H - 6} className="tick">
        sentence {from + 1}
      </text>
      <text x={W - PAD.r} y={H - 6} textAnchor="end" className="tick">
        sentence {to + 1}
      </text>
    </svg>
  );
}
