import type { AskResult, CandidateRow } from '../../core/pipeline';
import type { Chunk } from '../../core/types';
import { figureInputLines, headlineText } from './figure-labels';

/** The direct answer: the figure with its period and unit, how it was computed, and each input cell, which opens highlighted on its page. */
export function FigureCard({
  figure,
  rows,
  caution,
  onOpenPassage,
}: {
  figure: NonNullable<AskResult['figure']>;
  rows: CandidateRow[];
  /** Why the figure is offered, not stated (its kind is not precise enough on fresh data). */
  caution?: string;
  onOpenPassage(chunk: Chunk, cell: { raw: string; column: number }): void;
}) {
  const text = figure.text;
  if (!text) return null;
  const inputs = figureInputLines(figure, rows);
  const notes = [caution, text.weak].filter((n): n is string => Boolean(n));
  return (
    <section className={notes.length ? 'figure-card weak' : 'figure-card'} data-testid="figure" aria-label="Computed answer">
      <p className="figure-headline" data-testid="figure-headline">
        {headlineText(text.headline)}
      </p>
      {notes.map((note) => (
        <p key={note} className="figure-weak" data-testid="figure-weak" role="note">
          {note}
        </p>
      ))}
      {text.computation.length > 0 && (
        <details className="figure-computation" data-testid="figure-computation">
          <summary>How Sieve computed it</summary>
          <ul>
            {text.computation.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
          {text.basis && <p className="muted small">{text.basis}</p>}
        </details>
      )}
      <ul className="figure-inputs" aria-label="Inputs">
        {inputs.map((i) => (
          <li key={i.key}>
            {i.passage ? (
              <button type="button" className="link" data-testid="figure-input" onClick={() => onOpenPassage(i.passage!, i.cell)}>
                {i.label}
              </button>
            ) : (
              <span>{i.label}</span>
            )}{' '}
            <span className="figure-value">{i.raw}</span> <span className="muted small">{i.where}</span>
            {i.source !== undefined && <span className="muted small"> [{i.source}]</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
