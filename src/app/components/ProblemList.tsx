/** The problems a question ran into: the first five, and the rest folded away. */
export function ProblemList({ problems }: { problems: string[] }) {
  return (
    <div className="problems" data-testid="problems">
      <h4>Problems</h4>
      <ul className="small">
        {problems.slice(0, 5).map((p, i) => (
          <li key={i}>{p}</li>
        ))}
      </ul>
      {problems.length > 5 && (
        <details className="small">
          <summary>{problems.length - 5} more</summary>
          <ul>
            {problems.slice(5).map((p, i) => (
              <li key={i}>{p}</li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
