/**
 * dsRAG's contextual chunk header: what a chunk means depends on where it sits ("it rose 4%"
 * needs the company, the report and the section). The header names the document and the
 * section path, and optionally a one-sentence summary of the document. It is given to
 * embedding, BM25 and reranking with the chunk, but never stored inside the chunk's text.
 */
export function chunkHeader(title: string, sectionPath: string[], summary?: string): string {
  const parts: string[] = [];
  const seen = new Set<string>();
  for (const p of [title, ...sectionPath]) {
    const clean = p.replace(/\s+/g, ' ').trim();
    const key = clean.toLowerCase();
    if (clean && !seen.has(key)) {
      seen.add(key);
      parts.push(clean);
    }
  }
  const head = parts.join(' › ');
  const about = summary?.replace(/\s+/g, ' ').trim();
  return about ? `${head}\n${about}` : head;
}

/** The text search and reranking see for a chunk: its header (if any), then its text. */
export function withHeader(chunk: { text: string; header?: string }): string {
  return chunk.header ? `${chunk.header}\n${chunk.text}` : chunk.text;
}
