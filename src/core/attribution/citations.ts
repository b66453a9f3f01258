/** A citation marker found in an answer: [n] or a list such as [1, 3] or [2-4]. */
export interface CitationMark {
  /** 1-based source numbers, in the order written. */
  sources: number[];
  start: number;
  end: number;
  /**
   * Added by Sieve, not written by the model: the sentence ending at `start` matches this
   * source (attribution). Such a mark has no text of its own (start = end).
   */
  inferred?: true;
}

/** A citation marker: [n], [1, 3], [2-4] (group 1: what is inside the brackets). */
export const CITATION_MARK = /\[(\s*\d+\s*(?:(?:,|;|–|-|and)\s*\d+\s*)*)\]/g;

/**
 * Finds the citation markers in an answer. Numbers outside 1…sourceCount are dropped (a model
 * may invent them); a marker left with none is not a citation. Ranges such as [2-4] expand.
 */
export function findCitations(answer: string, sourceCount: number): CitationMark[] {
  const marks: CitationMark[] = [];
  for (const m of answer.matchAll(CITATION_MARK)) {
    const sources: number[] = [];
    for (const part of m[1].split(/,|;|and/)) {
      const range = part.split(/–|-/).map((x) => Number(x.trim()));
      const [a, b = a] = range;
      for (let n = Math.min(a, b); n <= Math.max(a, b) && n - Math.min(a, b) < 50; n++) {
        if (n >= 1 && n <= sourceCount && !sources.includes(n)) sources.push(n);
      }
    }
    if (sources.length > 0) marks.push({ sources, start: m.index!, end: m.index! + m[0].length });
  }
  return marks;
}

/** Source numbers cited anywhere in the answer, ascending. */
export function citedSources(answer: string, sourceCount: number): number[] {
  return [...new Set(findCitations(answer, sourceCount).flatMap((m) => m.sources))].sort((a, b) => a - b);
}
