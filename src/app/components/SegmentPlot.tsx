import type { AskResult, SegmentSource } from '../../core/pipeline';
import { usePlotKeys } from './plot-keys';

const W = 640;
const H = 90;

/**
 * Relevant segment extraction at a glance: each chunk's value (relevance − penalty) along its
 * document, above or below zero, with the chosen segments shaded and numbered.
 */
export function SegmentPlot({ values, segments }: { values: NonNullable<AskResult['segmentValues']>; segments: SegmentSource[] }) {
  return (
    <div className="segment-plots" data-testid="segment-plot">
      {values.map((doc) => (
        <DocumentSegments key={doc.docId} doc={doc} segments={segments} />
      ))}
    </div>
  );
}

/** One document's chunk values; each bar can be focused (arrow keys move between them) and is read out. */
function DocumentSegments({ doc, segments }: { doc: NonNullable<AskResult['segmentValues']>[number]; segments: SegmentSource[] }) {
  const n = doc.values.length;
  const keys = usePlotKeys(n);
  if (n === 0) return null;
  const max = Math.max(0.05, ...doc.values.map(Math.abs));
  const x = (i: number) => (i / n) * W;
  const y = (v: number) => H / 2 - (v / max) * (H / 2 - 4);
  const mine = segments.filter((s) => s.docId === doc.docId);
  const segmentOf = (i: number) => mine.find((s) => i >= s.start && i < s.end);
  return (
    <figure>
      <figcaption className="small">
        {doc.title}: chunk values along the document ({n} chunks); shaded runs went to the answer
      </figcaption>
      <svg
        ref={keys.root}
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        role="group"
        aria-label={`Chunk values for ${doc.title}: one bar per chunk, arrow keys move between them`}
        onKeyDown={keys.onKeyDown}
      >
        {mine.map((s) => (
          <g key={s.n}>
            <rect x={x(s.start)} y={0} width={Math.max(2, x(s.end) - x(s.start))} height={H} className="segment-band" />
            <text x={x(s.start) + 2} y={11} className="segment-label">
              [{s.n}]
            </text>
          </g>
        ))}
        <line x1={0} x2={W} y1={H / 2} y2={H / 2} className="zero-line" />
        {doc.values.map((v, i) => {
          const seg = segmentOf(i);
          return v > -max * 0.999 || n < 400 ? (
            <rect
              key={i}
              x={x(i)}
              width={Math.max(1, W / n - 0.5)}
              y={Math.min(y(v), H / 2)}
              height={Math.max(0.5, Math.abs(y(v) - H / 2))}
              className={v > 0 ? 'value-pos' : 'value-neg'}
              role="img"
              aria-label={`Chunk ${i + 1} of ${n}: value ${v.toFixed(2)}${seg ? `, in segment [${seg.n}]` : ''}`}
              {...keys.point(i)}
            />
          ) : null;
        })}
      </svg>
    </figure>
  );
}
