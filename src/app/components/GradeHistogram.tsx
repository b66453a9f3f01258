import type { CandidateRow } from '../../core/pipeline/types';
import type { ThresholdResult } from '../../core/pipeline/threshold';
import { shown } from '../../core/pipeline/precision';
import { ruleLabel } from './pipeline-labels';

const W = 420;
const H = 170;
const PAD = { l: 30, r: 10, t: 12, b: 28 };
const BINS = 10;

/**
 * Final grades of the graded candidates in ten bins over 0–1, kept ones stacked over the
 * filtered ones, with the threshold T and the rule that chose it.
 */
export function GradeHistogram({ rows, threshold }: { rows: CandidateRow[]; threshold?: ThresholdResult }) {
  const graded = rows.filter((r) => r.final !== undefined);
  const kept = new Array<number>(BINS).fill(0);
  const other = new Array<number>(BINS).fill(0);
  for (const r of graded) {
    const b = Math.min(BINS - 1, Math.max(0, Math.floor(r.final! * BINS)));
    if (r.verdict === 'kept' || r.source !== undefined) kept[b]++;
    else other[b]++;
  }
  const max = Math.max(1, ...kept.map((k, i) => k + other[i]));
  const x = (v: number) => PAD.l + v * (W - PAD.l - PAD.r);
  const y = (n: number) => PAD.t + (1 - n / max) * (H - PAD.t - PAD.b);
  const bw = (W - PAD.l - PAD.r) / BINS;
  return (
    <figure className="histogram" data-testid="grade-histogram">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Histogram of final relevance grades with the threshold">
        <line x1={PAD.l} x2={W - PAD.r} y1={y(0)} y2={y(0)} className="axis" />
        {[...new Set([0, Math.ceil(max / 2), max])].map((n) => (
          <text key={n} x={PAD.l - 4} y={y(n) + 4} textAnchor="end" className="tick">
            {n}
          </text>
        ))}
        {kept.map((k, i) => {
          const o = other[i];
          return (
            <g key={i}>
              {o > 0 && (
                <rect x={x(i / BINS) + 1} width={bw - 2} y={y(o)} height={y(0) - y(o)} className="bar filtered">
                  <title>
                    {o} filtered with grade {(i / BINS).toFixed(1)}–{((i + 1) / BINS).toFixed(1)}
                  </title>
                </rect>
              )}
              {k > 0 && (
                <rect x={x(i / BINS) + 1} width={bw - 2} y={y(o + k)} height={y(o) - y(o + k)} className="bar kept">
                  <title>
                    {k} kept with grade {(i / BINS).toFixed(1)}–{((i + 1) / BINS).toFixed(1)}
                  </title>
                </rect>
              )}
            </g>
          );
        })}
        {[0, 0.5, 1].map((v) => (
          <text key={v} x={x(v)} y={H - 12} textAnchor="middle" className="tick">
            {v}
          </text>
        ))}
        <text x={(W + PAD.l) / 2} y={H - 1} textAnchor="middle" className="tick">
          final grade
        </text>
        {threshold && (
          <g>
            <line x1={x(threshold.threshold)} x2={x(threshold.threshold)} y1={PAD.t - 4} y2={y(0)} className="threshold" />
            <text x={x(threshold.threshold) + 3} y={PAD.t + 4} className="tick threshold-label">
              T = {shown(threshold.threshold)}
            </text>
          </g>
        )}
      </svg>
      <figcaption className="small" data-testid="threshold-rule">
        {threshold ? (
          <>
            T = {shown(threshold.threshold)} by {ruleLabel(threshold.rule)} · μ = {threshold.mean.toFixed(3)}, σ = {threshold.std.toFixed(3)},
            variance {threshold.variance.toFixed(4)} · {graded.length} graded
          </>
        ) : (
          <span className="muted">{graded.length} graded; the threshold is not set yet</span>
        )}
        <span className="legend">
          <span className="swatch kept" /> kept <span className="swatch filtered" /> filtered
        </span>
      </figcaption>
    </figure>
  );
}
