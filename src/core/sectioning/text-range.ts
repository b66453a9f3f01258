/** A trimmed text range. */
export interface TextRange {
  start: number;
  end: number;
}

/** Pushes [start, end) with surrounding whitespace removed, if anything is left. */
export function pushTrimmed(text: string, start: number, end: number, out: TextRange[]): void {
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  if (end > start) out.push({ start, end });
}
