/** What a link to a passage in its document says: a page to view for a paged document. */
export function viewSourceLabel(chunk: { pageStart?: number }): string {
  return chunk.pageStart !== undefined ? 'View page' : 'View in document';
}
