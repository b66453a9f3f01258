/**
 * Where a search hit lies, said once: the section path joined with " › ", without the
 * entries that only repeat the document's title (a Markdown file's "# Title" heading is often
 * both), nor a last heading that the hit's own text opens with (the chunker keeps a heading
 * with the sentence after it, so the text already shows it).
 */
export function sectionAfterTitle(title: string, sectionPath: string[], text = ''): string {
  const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
  const t = norm(title);
  const parts = sectionPath.map((p) => p.replace(/\s+/g, ' ').trim()).filter((p) => p && norm(p) !== t);
  const opening = norm(text.split('\n', 1)[0] ?? '');
  if (parts.length > 0 && opening && norm(parts[parts.length - 1]) === opening) parts.pop();
  return parts.join(' › ');
}

/** The document summary of a contextual header (the lines after its path), or "" when it has none. */
export function headerSummary(header?: string): string {
  if (!header) return '';
  return header.split('\n').slice(1).join(' ').replace(/\s+/g, ' ').trim();
}
