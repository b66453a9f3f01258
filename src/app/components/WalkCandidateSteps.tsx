import type { CandidateRow, ThresholdResult } from '../../core/pipeline';
import { score } from '../format';
import { GradeHistogram } from './GradeHistogram';
import { VERDICT_LABEL } from './pipeline-labels';

/** The candidates retrieval found, with their keyword, vector and hybrid scores. */
export function WalkCandidates({ rows }: { rows: CandidateRow[] }) {
  return (
    <table className="walk-table small cards" data-testid="walk-candidates">
      <thead>
        <tr>
          <th>#</th>
          <th>Chunk</th>
          <th>BM25</th>
          <th>Dense</th>
          <th>Hybrid</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r.chunk.id}>
            <td data-label="#">{r.rank}</td>
            <td data-label="Chunk">{r.chunk.text.length > 90 ? `${r.chunk.text.slice(0, 90)}…` : r.chunk.text}</td>
            <td data-label="BM25">{score(r.bm25)}</td>
            <td data-label="Dense">{score(r.dense)}</td>
            <td data-label="Hybrid">{score(r.hybrid)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The candidates dropped for repeating a better-ranked one. */
export function WalkDuplicates({ rows }: { rows: CandidateRow[] }) {
  const dups = rows.filter((r) => r.duplicateOf);
  return dups.length === 0 ? (
    <p data-testid="walk-duplicates">No candidate repeated a better one for this question: all {rows.length} go on to grading.</p>
  ) : (
    <ul data-testid="walk-duplicates">
      {dups.map((r) => (
        <li key={r.chunk.id}>
          #{r.rank} repeats #{r.duplicateOf!.rank} (cosine {r.duplicateOf!.similarity.toFixed(2)})
        </li>
      ))}
    </ul>
  );
}

/** The grades against the threshold, and the first few graded candidates' verdicts. */
export function WalkGrades({ rows, threshold }: { rows: CandidateRow[]; threshold?: ThresholdResult }) {
  return (
    <div data-testid="walk-grades">
      <GradeHistogram rows={rows} threshold={threshold} />
      <ul className="small">
        {rows
          .filter((r) => r.final !== undefined)
          .slice(0, 8)
          .map((r) => (
            <li key={r.chunk.id}>
              #{r.rank}: grade {score(r.final!, 2)} — {r.verdict ? VERDICT_LABEL[r.verdict] : ''}
              {r.reason ? ` (${r.reason})` : ''}
            </li>
          ))}
      </ul>
    </div>
  );
}
