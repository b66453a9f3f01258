/**
 * How much of an answer is its sources word for word: the share of its words that lie in a run
 * of at least `run` consecutive words found verbatim in one source (case, punctuation and
 * citation marks aside). An answer that only copies its sources scores near 1, and then the
 * attribution figures (it "uses" every source) say nothing about what the model understood.
 */
export function verbatimShare(answer: string, sources: string[], run = 6): number {
  const words = wordsOf(answer);
  if (words.length < run) return 0;
  const grams = new Set<string>();
  for (const s of sources) {
    const w = wordsOf(s);
    for (let i = 0; i + run <= w.length; i++) grams.add(w.slice(i, i + run).join(' '));
  }
  const covered = new Array<boolean>(words.length).fill(false);
  for (let i = 0; i + run <= words.length; i++) {
    if (grams.has(words.slice(i, i + run).join(' '))) covered.fill(true, i, i + run);
  }
  return covered.filter(Boolean).length / words.length;
}

function wordsOf(text: string): string[] {
  return text
    .replace(/\[\d+(?:\s*[,–-]\s*\d+)*\]/g, ' ')
    .toLowerCase()
    .split(/[^\p{L}\p{N}$%.]+/u)
    .map((w) => w.replace(/^\.+|\.+$/g, ''))
    .filter(Boolean);
}
