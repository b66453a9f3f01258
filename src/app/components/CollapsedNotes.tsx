/** "N notes" that opens to the list of them; nothing when there are none. */
export function CollapsedNotes({ notes, about = '', className = 'small', testId }: { notes: string[]; about?: string; className?: string; testId?: string }) {
  if (notes.length === 0) return null;
  return (
    <details className={className} data-testid={testId}>
      <summary>
        {notes.length} note{notes.length === 1 ? '' : 's'}
        {about}
      </summary>
      <ul>
        {notes.map((n, i) => (
          <li key={i}>{n}</li>
        ))}
      </ul>
    </details>
  );
}
