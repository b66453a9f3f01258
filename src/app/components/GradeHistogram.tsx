import { type CandidateRow, type ThresholdResult, shown } from '../../core/pipeline';
import { ruleLabel } from './pipeline-labels';
import { gradeInWords } from '../pipeline-rows';

const W = 420;
const H = 170;
const PAD = { l: 30, r: 10, t: 12, b: 28 };
const BINS = 10;

/** Verdicts of rows whose grade cleared the threshold (some were dropped later, for the budget or outside the segments). */
const PASSED = new Set(['kept', 'over-budget', 'outside-segments']);
/** Of those, the rows the answer did not get: past the context budget, or outside the extracted segments. */
const LEFT_OUT = new Set(['over-budget', 'outside-segments']);

/**
 * The bins' edges over 0–1: tenths, with the threshold T as an edge of its own so no bar straddles
 * the threshold line. A row that cleared T goes to a bin at or right of T and one that did not to a
 * bin left of it, so the picture agrees with the verdicts even where the grade and T differ only
 * beyond the printed precision. Rows the LLM judged keep their own bin: the judgement, not T, decided them.
 */
export function gradeBins(rows: CandidateRow[], threshold?: number): { edges: number[]; passed: number[]; leftOut: number[]; other: number[]; byLlm: boolean } {
  const edges = Array.from({ length: BINS + 1 }, (_, i) => i / BINS);
  const t = threshold === undefined ? undefined : Math.min(1, Math.max(0, threshold));
  if (t !== undefined && !edges.some((e) => Math.abs(e - t) < 1e-9)) {
    edges.push(t);
    edges.sort((a, b) => a - b);
  }
  const n = edges.length - 1;
  const passed = new Array<number>(n).fill(0);
  const leftOut = new Array<number>(n).fill(0);
  const other = new Array<number>(n).fill(0);
  const binOf = (v: number) => {
    let b = 0;
    while (b < n - 1 && v >= edges[b + 1]) b++;
    return b;
  };
  const firstRight =
    t === undefined
      ? 0
      : Math.max(
          0,
          edges.findIndex((e) => e >= t - 1e-9),
        );
  const lastLeft = Math.max(0, firstRight - 1);
  let byLlm = false;
  for (const r of rows) {
    if (r.final === undefined) continue;
    const ok = r.verdict !== undefined && PASSED.has(r.verdict);
    let b = binOf(r.final);
    if (r.judged) byLlm = true;
    else if (t !== undefined) b = ok ? Math.min(n - 1, Math.max(b, firstRight)) : Math.min(b, lastLeft);
    (ok ? (LEFT_OUT.has(r.verdict!) ? leftOut : passed) : other)[b]++;
  }
  return { edges, passed, leftOut, other, byLlm };
}

/**
 * Final grades of the graded candidates over 0–1: those kept for the answer, over those that
 * cleared the threshold T but were left out (past the budget, outside the segments), over the
 * others; with T and the rule that chose it. Each bar can be focused and is read out.
 */
export function GradeHistogram({ rows, threshold }: { rows: CandidateRow[]; threshold?: ThresholdResult }) {
  const graded = rows.filter((r) => r.final !== undefined);
  const { edges, passed: kept, leftOut, other, byLlm } = gradeBins(rows, threshold?.threshold);
  const max = Math.max(1, ...kept.map((k, i) => k + leftOut[i] + other[i]));
  const x = (v: number) => PAD.l + v * (W - PAD.l - PAD.r);
  const y = (n: number) => PAD.t + (1 - n / max) * (H - PAD.t - PAD.b);
  const range = (i: number) => `${shown(edges[i])}–${shown(edges[i + 1])}`;
  const keptWord = byLlm ? 'judged relevant' : 'cleared the threshold';
  const otherWord = byLlm ? 'judged not relevant' : 'below the threshold';
  return (
    <figure className="histogram" data-testid="grade-histogram">
      <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} role="group" aria-label="Histogram of final relevance grades with the threshold">
        <line x1={PAD.l} x2={W - PAD.r} y1={y(0)} y2={y(0)} className="axis" />
        {[...new Set([0, Math.ceil(max / 2), max])].map((n) => (
          <text key={n} x={PAD.l - 4} y={y(n) + 4} textAnchor="end" className="tick">
            {n}
          </text>
        ))}
        {kept.map((k, i) => (
          <Bars
            key={i}
            counts={[other[i], leftOut[i], k]}
            left={x(edges[i]) + 0.5}
            width={Math.max(1, x(edges[i + 1]) - x(edges[i]) - 1)}
            y={y}
            words={[otherWord, keptWord]}
            range={range(i)}
          />
        ))}
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
        <span className="grade-words" data-testid="grade-words">
          {gradeInWords(rows)}
        </span>{' '}
        {threshold ? (
          <>
            T = {shown(threshold.threshold)} by {ruleLabel(threshold.rule)} · μ = {threshold.mean.toFixed(3)}, σ = {threshold.std.toFixed(3)}, variance{' '}
            {threshold.variance.toFixed(4)} · {graded.length} graded
          </>
        ) : (
          <span className="muted">{graded.length} graded; the threshold is not set yet</span>
        )}
        <span className="legend">
          <span className="item">
            <span className="swatch kept" /> {byLlm ? 'judged relevant, kept' : 'grade ≥ T, kept'}
          </span>{' '}
          <span className="item">
            <span className="swatch left-out" /> left out (budget, segments)
          </span>{' '}
          <span className="item">
            <span className="swatch filtered" /> {byLlm ? 'judged not relevant' : 'below T, filtered'}
          </span>
        </span>
      </figcaption>
    </figure>
  );
}

/** One bin's bars, stacked from the axis up: below T (or judged not relevant), left out, kept. */
function Bars({
  counts,
  left,
  width,
  y,
  words,
  range,
}: {
  counts: [number, number, number];
  left: number;
  width: number;
  y: (n: number) => number;
  words: [string, string];
  range: string;
}) {
  const [otherWord, keptWord] = words;
  const kinds: Array<[string, string]> = [
    ['filtered', otherWord],
    ['left-out', `${keptWord}, left out (over the budget or outside the segments)`],
    ['kept', `${keptWord}, kept`],
  ];
  let base = 0;
  return (
    <g>
      {kinds.map(([kind, said], k) => {
        const count = counts[k];
        const from = base;
        base += count;
        if (count === 0) return null;
        return (
          <rect
            key={kind}
            x={left}
            width={width}
            y={y(from + count)}
            height={y(from) - y(from + count)}
            className={`bar ${kind}`}
            tabIndex={0}
            role="img"
            aria-label={`${count} ${said}, grade ${range}`}
          >
            <title>
              {count} {said}, grade {range}
            </title>
          </rect>
        );
      })}
    </g>
  );
}
