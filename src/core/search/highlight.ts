/**
 * Ranges [start, end) in `text` of the words that are among `terms` (already lower-cased).
 * Rendered by the UI as marked spans of plain text: no HTML is produced here.
 */
export function highlightRanges(text: string, terms: Iterable<string>): Array<[number, number]> {
  const wanted = new Set([...terms].map((t) => t.toLowerCase()));
  if (wanted.size === 0) return [];
  const ranges: Array<[number, number]> = [];
  const word = /[\p{L}\p{N}]+/gu;
  for (let m = word.exec(text); m; m = word.exec(text)) {
    if (wanted.has(m[0].toLowerCase())) ranges.push([m.index, m.index + m[0].length]);
  }
  return ranges;
}

/** Splits text into alternating plain and marked pieces for rendering. */
export function splitByRanges(text: string, ranges: Array<[number, number]>): Array<{ text: string; mark: boolean }> {
  const parts: Array<{ text: string; mark: boolean }> = [];
  let at = 0;
  for (const [s, e] of ranges) {
    if (s < at) continue;
    if (s > at) parts.push({ text: text.slice(at, s), mark: false });
    parts.push({ text: text.slice(s, e), mark: true });
    at = e;
  }
  if (at < text.length) parts.push({ text: text.slice(at), mark: false });
  return parts;
}
