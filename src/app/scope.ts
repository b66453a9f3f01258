/**
 * The documents a question or search is kept to, as the user chose them: a list of document
 * ids, where an empty list means all documents.
 */

interface Doc {
  id: string;
  title: string;
}

/** The choice without documents that are no longer in the library; choosing every document is the same as choosing all. */
export function pruneScope(scope: readonly string[], documents: readonly Pick<Doc, 'id'>[]): string[] {
  const present = new Set(documents.map((d) => d.id));
  const kept = [...new Set(scope)].filter((id) => present.has(id));
  return kept.length === present.size ? [] : kept;
}

/**
 * The choice with one document added or taken out: taking one out of "all" keeps every other
 * document, and the last chosen document stays chosen (an empty choice would mean all).
 */
export function toggleInScope(scope: readonly string[], id: string, documents: readonly Pick<Doc, 'id'>[]): string[] {
  const current = pruneScope(scope, documents);
  const all = current.length ? current : documents.map((d) => d.id);
  const next = all.includes(id) ? all.filter((x) => x !== id) : [...all, id];
  return next.length ? pruneScope(next, documents) : current;
}

/** Whether a document is in the choice (every document is, when all are chosen). */
export function inScope(scope: readonly string[], id: string): boolean {
  return scope.length === 0 || scope.includes(id);
}

/** The filter button's words: "All documents", the one document's title, or "3 documents". */
export function scopeButtonLabel(scope: readonly string[], documents: readonly Doc[]): string {
  const chosen = pruneScope(scope, documents);
  if (chosen.length === 0) return 'All documents';
  if (chosen.length === 1) return documents.find((d) => d.id === chosen[0])!.title;
  return `${chosen.length} documents`;
}

/**
 * What a question or search was asked of, for the line under it: "all documents", or the
 * titles of the chosen documents (those since removed are counted, not named).
 */
export function scopeLabel(docIds: readonly string[] | undefined, documents: readonly Doc[]): string {
  if (!docIds || docIds.length === 0) return 'all documents';
  const byId = new Map(documents.map((d) => [d.id, d.title]));
  const titles = docIds.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const removed = docIds.length - titles.length;
  const parts = [...titles, ...(removed ? [`${removed} removed document${removed === 1 ? '' : 's'}`] : [])];
  return parts.join('; ');
}

/**
 * The line under a question or search: "Searched: all documents", and whether routing was turned
 * off for it. While it runs, the documents it will be kept to are not known yet, so the line
 * says what it was asked of, not what was searched.
 */
export function scopeLine(docIds: readonly string[] | undefined, documents: readonly Doc[], unrouted = false, running = false, action: 'ask' | 'search' = 'ask'): string {
  const not = unrouted ? ', not only the ones named' : '';
  if (!running) return `Searched: ${scopeLabel(docIds, documents)}${not}`;
  return `${action === 'search' ? 'Searching' : 'Asked of'} ${scopeLabel(docIds, documents)}${not}…`;
}
