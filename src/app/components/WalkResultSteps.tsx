import type { AskOutcome, QuestionState } from '../state';
import { AttributionLine, SourceUse } from './Attribution';
import { SegmentPlot } from './SegmentPlot';

/** The runs of adjacent chunks chosen for the answer, and their values. */
export function WalkSegments({ question }: { question?: QuestionState }) {
  return question?.segments && question.segmentValues ? (
    <div data-testid="walk-segments">
      <SegmentPlot values={question.segmentValues} segments={question.segments} />
      <ol className="small">
        {question.segments.map((s) => (
          <li key={s.n}>
            chunks {s.start + 1}–{s.end} (value {s.value.toFixed(2)}): {s.text.slice(0, 120)}…
          </li>
        ))}
      </ol>
    </div>
  ) : (
    <p data-testid="walk-segments">No segment was chosen for this question.</p>
  );
}

/** The answer, and what of each source it used. */
export function WalkAnswer({ result }: { result?: AskOutcome }) {
  if (!result) return null;
  return (
    <div data-testid="walk-answer">
      <p className="answer">{result.answer.text}</p>
      {result.attribution ? (
        <>
          <AttributionLine report={result.attribution} extractive={result.answer.extractive} />
          <ul className="small">
            {result.attribution.sources.map((s) => (
              <li key={s.n}>
                source [{s.n}]: <SourceUse report={result.attribution!} n={s.n} extractive={result.answer.extractive} />
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="muted small">No attribution was measured for this answer.</p>
      )}
    </div>
  );
}
