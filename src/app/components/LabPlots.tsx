import type { LabResultSummary as LabResult } from '../../services/lab';
import { objectiveValue, type LabObjective } from '../../core/lab';
import { score } from '../format';
import { thetaSweep, type ThetaSweepPoint } from './theta-sweep';

/** A fixed-size result's overlap as a fraction of its size, to two places (the sweep grid's columns). */
const overlapFraction = (r: LabResult) => (r.spec.kind === 'fixed' ? Math.round((r.spec.overlap / r.spec.size) * 100) / 100 : 0);

/** Retrieval ratio (up) against signal ratio (right), one point per chunking; the compared ones named, the best ringed. */
export function RatioScatter({ results, named, best }: { results: LabResult[]; named: string[]; best?: string }) {
  const W = 500;
  const H = 260;
  const P = { l: 44, r: 90, t: 22, b: 34 };
  const shown = results.filter((r) => r.available);
  const maxS = Math.max(0.05, ...shown.map((r) => r.signalRatio ?? 0)) * 1.1;
  const maxR = Math.min(1, Math.max(0.1, ...shown.map((r) => r.retrievalRatio)) * 1.1);
  const x = (v: number) => P.l + (v / maxS) * (W - P.l - P.r);
  const y = (v: number) => P.t + (1 - v / maxR) * (H - P.t - P.b);
  return (
    <figure className="lab-plot" data-testid="lab-scatter">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="group" aria-label="Retrieval ratio against signal ratio for each chunking">
        <line x1={P.l} x2={W - P.r} y1={y(0)} y2={y(0)} className="axis" />
        <line x1={P.l} x2={P.l} y1={P.t} y2={y(0)} className="axis" />
        {[0, maxS / 2, maxS].map((v) => (
          <text key={`x${v}`} x={x(v)} y={H - 20} textAnchor="middle" className="tick">
            {v.toFixed(2)}
          </text>
        ))}
        {[0, maxR / 2, maxR].map((v) => (
          <text key={`y${v}`} x={P.l - 4} y={y(v) + 4} textAnchor="end" className="tick">
            {v.toFixed(2)}
          </text>
        ))}
        <text x={(P.l + W - P.r) / 2} y={H - 4} textAnchor="middle" className="tick">
          signal ratio →
        </text>
        <text x={P.l} y={10} className="tick">
          ↑ retrieval ratio
        </text>
        {shown.map((r) => {
          const isNamed = named.includes(r.label);
          return (
            <g key={r.label} className={isNamed ? `point named ${r.spec.kind}` : `point ${r.spec.kind}`}>
              <circle
                cx={x(r.signalRatio ?? 0)}
                cy={y(r.retrievalRatio)}
                r={isNamed ? 5 : 3.5}
                tabIndex={0}
                role="img"
                aria-label={`${r.label}: retrieval ratio ${score(r.retrievalRatio)}, signal ratio ${score(r.signalRatio)}${r.label === best ? ', the best' : ''}`}
              >
                <title>
                  {r.label}: retrieval {score(r.retrievalRatio)}, signal {score(r.signalRatio)}
                </title>
              </circle>
              {r.label === best && <circle className="best-ring" cx={x(r.signalRatio ?? 0)} cy={y(r.retrievalRatio)} r={9} />}
              {isNamed && (
                <text x={x(r.signalRatio ?? 0) + 7} y={y(r.retrievalRatio) - 6} className="point-label">
                  {r.label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="small muted">
        Up and to the right is better: more of the evidence retrieved, less of the budget spent on other text. Ringed: the best for the chosen objective.
      </figcaption>
    </figure>
  );
}

/** Chunk length distributions of a few chunkings, as step lines over the same 100-character bins. */
export function LengthHistograms({ results }: { results: LabResult[] }) {
  const W = 460;
  const H = 180;
  const P = { l: 44, r: 16, t: 12, b: 30 };
  const shown = results.filter((r) => r.available && r.chunkCount > 0);
  if (shown.length === 0) return null;
  const edges = shown[0].lengths.histogram.edges;
  const shares = shown.map((r) => r.lengths.histogram.counts.map((c) => c / r.chunkCount));
  const max = Math.max(0.05, ...shares.flat());
  const bw = (W - P.l - P.r) / edges.length;
  const y = (v: number) => P.t + (1 - v / max) * (H - P.t - P.b);
  return (
    <figure className="lab-plot" data-testid="lab-lengths">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="img" aria-label="Chunk length distributions">
        <line x1={P.l} x2={W - P.r} y1={y(0)} y2={y(0)} className="axis" />
        {[0, max].map((v) => (
          <text key={v} x={P.l - 4} y={y(v) + 4} textAnchor="end" className="tick">
            {Math.round(v * 100)}%
          </text>
        ))}
        {edges.map((e, i) =>
          i % 4 === 0 ? (
            <text key={e} x={P.l + i * bw} y={H - 14} textAnchor="middle" className="tick">
              {e}
            </text>
          ) : null,
        )}
        <text x={W - P.r} y={H - 2} textAnchor="end" className="tick">
          characters per chunk
        </text>
        {shares.map((s, k) => (
          <polyline
            key={shown[k].label}
            className={`length-line series-${k}`}
            points={s.flatMap((v, i) => [`${P.l + i * bw},${y(v)}`, `${P.l + (i + 1) * bw},${y(v)}`]).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="small">
        {shown.map((r, k) => (
          <span key={r.label} className={`legend series-${k}`}>
            ■ {r.label} (median {r.lengths.median}, {r.chunkCount} chunks){' '}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}

/** The fixed-size sweep as a grid: sizes down, overlaps across, each cell both ratios, shaded by the objective. */
export function SweepGrid({ results, objective, best }: { results: LabResult[]; objective: LabObjective; best?: string }) {
  const fixed = results.filter((r) => r.spec.kind === 'fixed' && r.available);
  const sizes = [...new Set(fixed.map((r) => (r.spec.kind === 'fixed' ? r.spec.size : 0)))].sort((a, b) => a - b);
  const fractions = [...new Set(fixed.map(overlapFraction))].sort((a, b) => a - b);
  const cell = (size: number, f: number) => fixed.find((r) => r.spec.kind === 'fixed' && r.spec.size === size && overlapFraction(r) === f);
  const values = fixed.map((r) => objectiveValue(r, objective));
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const shade = (v: number) => (hi > lo ? (v - lo) / (hi - lo) : 1);
  return (
    <table className="sweep-grid" data-testid="sweep-grid">
      <caption className="small">Fixed-size sweep: retrieval / signal per cell, darker = better {objective === 'balanced' ? 'balance' : objective}</caption>
      <thead>
        <tr>
          <th>size \ overlap</th>
          {fractions.map((f) => (
            <th key={f}>{Math.round(f * 100)}%</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sizes.map((s) => (
          <tr key={s}>
            <th>{s}</th>
            {fractions.map((f) => {
              const r = cell(s, f);
              if (!r) return <td key={f} />;
              return (
                <td
                  key={f}
                  className={r.label === best ? 'best' : undefined}
                  style={{ background: `rgba(47, 128, 110, ${0.08 + 0.5 * shade(objectiveValue(r, objective))})` }}
                  title={r.label}
                >
                  {score(r.retrievalRatio)} / {score(r.signalRatio)}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The θ (or percentile) sweep: both ratios against θ (or the percentile), each on its own scale. */
export function ThetaPlot({ results, by = 'theta' }: { results: LabResult[]; by?: 'theta' | 'percentile' }) {
  const sem = thetaSweep(results, by);
  const name = by === 'percentile' ? 'P' : 'θ';
  if (sem.length < 2) return null;
  const W = 460;
  const H = 170;
  const P = { l: 44, r: 44, t: 12, b: 30 };
  const t0 = sem[0].t;
  const t1 = sem[sem.length - 1].t;
  const x = (t: number) => P.l + ((t - t0) / (t1 - t0 || 1)) * (W - P.l - P.r);
  const maxR = Math.max(0.05, ...sem.map((s) => s.r.retrievalRatio));
  const maxS = Math.max(0.01, ...sem.map((s) => s.r.signalRatio ?? 0));
  const y = (v: number, m: number) => P.t + (1 - v / m) * (H - P.t - P.b);
  return (
    <figure className="lab-plot" data-testid={by === 'percentile' ? 'percentile-plot' : 'theta-plot'}>
      <svg
        width={W}
        height={H}
        viewBox={`0 0 ${W} ${H}`}
        role="group"
        aria-label={
          by === 'percentile' ? 'Retrieval and signal ratio against the percentile of similarities cut below' : 'Retrieval and signal ratio against the semantic threshold θ'
        }
      >
        <line x1={P.l} x2={W - P.r} y1={y(0, 1)} y2={y(0, 1)} className="axis" />
        {sem.map((s) => (
          <text key={s.t} x={x(s.t)} y={H - 14} textAnchor="middle" className="tick">
            {s.t}
          </text>
        ))}
        <text x={P.l - 4} y={y(maxR, maxR) + 4} textAnchor="end" className="tick series-0-text">
          {maxR.toFixed(2)}
        </text>
        <text x={W - P.r + 4} y={y(maxS, maxS) + 4} className="tick series-1-text">
          {maxS.toFixed(3)}
        </text>
        <polyline className="length-line series-0" points={sem.map((s) => `${x(s.t)},${y(s.r.retrievalRatio, maxR)}`).join(' ')} />
        <polyline className="length-line series-1" points={sem.map((s) => `${x(s.t)},${y(s.r.signalRatio ?? 0, maxS)}`).join(' ')} />
        {sem.map((s) => (
          <ThetaPoints key={`p${s.t}`} point={s} name={name} x={x(s.t)} yRetrieval={y(s.r.retrievalRatio, maxR)} ySignal={y(s.r.signalRatio ?? 0, maxS)} />
        ))}
        <text x={W - P.r} y={H - 2} textAnchor="end" className="tick">
          {by === 'percentile' ? 'percentile' : 'θ'}
        </text>
      </svg>
      <figcaption className="small">
        <span className="legend series-0">■ retrieval ratio (left scale)</span> <span className="legend series-1">■ signal ratio (right scale)</span>
      </figcaption>
    </figure>
  );
}

/** One sweep point's two ratios, as focusable dots. */
function ThetaPoints({ point: s, name, x, yRetrieval, ySignal }: { point: ThetaSweepPoint; name: string; x: number; yRetrieval: number; ySignal: number }) {
  return (
    <g>
      <circle
        className="theta-point series-0-fill"
        cx={x}
        cy={yRetrieval}
        r={3}
        tabIndex={0}
        role="img"
        aria-label={`${name} ${s.t}: retrieval ratio ${score(s.r.retrievalRatio)}, ${s.r.chunkCount} chunks`}
      >
        <title>
          {name} {s.t}: retrieval ratio {score(s.r.retrievalRatio)}, {s.r.chunkCount} chunks
        </title>
      </circle>
      <circle className="theta-point series-1-fill" cx={x} cy={ySignal} r={3} tabIndex={0} role="img" aria-label={`${name} ${s.t}: signal ratio ${score(s.r.signalRatio)}`}>
        <title>
          {name} {s.t}: signal ratio {score(s.r.signalRatio)}
        </title>
      </circle>
    </g>
  );
}
