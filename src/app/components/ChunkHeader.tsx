/** A chunk's contextual header, shown apart from its text (it is searched with it, not part of it). */
export function ChunkHeader({ header }: { header?: string }) {
  if (!header) return null;
  return (
    <div className="chunk-header small" data-testid="chunk-header" title="Contextual header: searched and reranked with the chunk, not part of its text">
      {header}
    </div>
  );
}
