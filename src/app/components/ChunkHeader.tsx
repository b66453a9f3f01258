/** A chunk's contextual header, shown apart from its text (it is searched with it, not part of it): the path, then the document summary if any. */
export function ChunkHeader({ header }: { header?: string }) {
  if (!header) return null;
  const [path, ...rest] = header.split('\n');
  const summary = rest.join(' ').trim();
  return (
    <div className="chunk-header small" data-testid="chunk-header" title="Contextual header: searched and reranked with the chunk, not part of its text">
      <div data-testid="chunk-header-path">{path}</div>
      {summary && (
        <div className="chunk-header-summary" data-testid="chunk-header-summary">
          {summary}
        </div>
      )}
    </div>
  );
}
