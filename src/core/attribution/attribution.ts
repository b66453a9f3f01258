/**
 * Attribution and utilization: did the answer use what it was given?
 *
 * Everything is measured at the sentence level with cosine similarity between unit sentence
 * vectors (dot product). Definitions, for a similarity `threshold` t (default 0.6):
 *
 * - A source sentence is **reflected** in the answer when its best cosine to any answer
 *   sentence is ≥ t.
 * - A source is **used** when at least one of its sentences is reflected (equivalently, some
 *   answer sentence is ≥ t similar to one of its sentences). A source without sentences is never
 *   used.
 * - A source is **cited** when the answer carries a citation marker [n] for its number
 *   (src/core/pipeline/citations.ts syntax, ranges and lists included). Cited numbers that match
 *   no source are reported in `totals.unknownCitations` and otherwise ignored.
 * - **utilization** of a source = reflected sentences / the source's sentences (0 when the
 *   source has none, or is not used).
 * - **Key sentences** of a source = its `keyPerSource` (default 2) sentences most similar to the
 *   question (ties → earlier sentence); with `keyMinSimilarity` set, sentences whose cosine to
 *   the question is below it are not key, so an off-topic source may contribute none.
 * - **completeness** = reflected key sentences / key sentences, over all sources
 *   (null when there are no key sentences).
 *
 * Totals: `attributed` = share of sources that are cited or used (null with no sources);
 * `citedShare`, `usedShare`, `bothShare` split that up; `meanUtilization` = mean utilization over
 * used sources (null when none is used).
 *
 * Citation markers are removed from answer sentences before they are embedded, so "[2]" never
 * contributes to similarity. The threshold 0.6 suits normalised sentence encoders (MiniLM, BGE,
 * E5 …) where paraphrases score ≈0.7–0.9 and topical-but-different sentences ≈0.3–0.6; raise it
 * for encoders with a high similarity floor (E5 rarely goes below 0.7) and lower it for sparse
 * bag-of-words vectors.
 */
import { verbatimShare } from './verbatim';
import type { Embedder } from '../embed';
import { DEFAULT_ATTRIBUTION_THRESHOLD } from '../settings';
import { CITATION_MARK, citedSources } from './citations';
import { segmentSentences } from '../text';
import { dot } from '../vector';

/** Default number of key (question-relevant) sentences taken from each source. */
const DEFAULT_KEY_PER_SOURCE = 2;

interface AttributionOptions {
  /** Cosine at or above which a source sentence counts as reflected in the answer. */
  threshold?: number;
  /** Key sentences per source: the top k by cosine to the question. */
  keyPerSource?: number;
  /** When set, sentences with cosine to the question below this are never key. */
  keyMinSimilarity?: number;
  signal?: AbortSignal;
}

interface AttributionInput {
  question: string;
  answer: string;
  /** The numbered sources the answer was given; `n` is the number used in citations [n]. */
  sources: { n: number; text: string }[];
  /** The source numbers the answer cites, when the caller knows them (else read from its [n] marks). */
  cited?: number[];
}

export interface SourceAttribution {
  n: number;
  cited: boolean;
  used: boolean;
  /** Reflected sentences / sentences; 0 when the source has no sentences or is unused. */
  utilization: number;
  /** Number of sentences in the source. */
  sentences: number;
  /** Indices (into the source's sentences) of the sentences reflected in the answer. */
  usedSentences: number[];
  /** Indices of the source's key sentences, most question-similar first. */
  keySentences: number[];
  /** The key sentences that are reflected in the answer, ascending. */
  coveredKeySentences: number[];
  /** Best cosine between any of its sentences and any answer sentence (0 if either is empty). */
  bestSimilarity: number;
}

export interface AttributionTotals {
  sources: number;
  cited: number;
  used: number;
  /** Sources both cited and used. */
  both: number;
  citedNotUsed: number;
  usedNotCited: number;
  /** Share of sources cited or used; null with no sources. */
  attributed: number | null;
  citedShare: number | null;
  usedShare: number | null;
  bothShare: number | null;
  /** Mean utilization over used sources; null when none is used. */
  meanUtilization: number | null;
  /** Reflected key sentences / key sentences; null when there are no key sentences. */
  completeness: number | null;
  keySentences: number;
  coveredKeySentences: number;
  answerSentences: number;
  /** Cited numbers that match no source, ascending. */
  unknownCitations: number[];
  threshold: number;
}

/** For one answer sentence: the source it matches best, when that match reaches the threshold. */
export interface SentenceSupport {
  /** The source number, absent when no source sentence reaches the threshold. */
  source?: number;
  /** Best cosine to any source sentence (0 with no sources). */
  similarity: number;
}

export interface AttributionReport {
  sources: SourceAttribution[];
  totals: AttributionTotals;
  /** One entry per answer sentence (as answerSentenceTexts gives them), in order. */
  answerSupport: SentenceSupport[];
  /** Share of the answer's words copied verbatim from a source (see verbatimShare); absent when not measured. */
  copied?: number;
}

/** Input of the pure core: unit vectors already computed. */
interface AttributionVectors {
  /** The question's vector; null skips key-sentence selection (completeness becomes null). */
  question: Float32Array | null;
  /** One vector per answer sentence (citation markers removed before embedding). */
  answerSentences: Float32Array[];
  sources: { n: number; sentences: Float32Array[] }[];
  /** Source numbers cited in the answer (any order; unknown numbers are reported). */
  cited: number[];
}

/** Which of a source's sentences the answer reflects, and which of its key sentences it covers. */
function attributeSource(
  source: { n: number; sentences: Float32Array[] },
  input: AttributionVectors,
  threshold: number,
  key: { perSource: number; minSimilarity?: number },
  cited: boolean,
): SourceAttribution {
  const best = source.sentences.map((v) => maxSimilarity(v, input.answerSentences));
  const usedSentences: number[] = [];
  best.forEach((b, i) => {
    if (b >= threshold) usedSentences.push(i);
  });
  const used = usedSentences.length > 0;

  let keySentences: number[] = [];
  if (input.question && key.perSource > 0) {
    const q = input.question;
    keySentences = source.sentences
      .map((v, i) => ({ i, sim: dot(v, q) }))
      .filter((x) => key.minSimilarity === undefined || x.sim >= key.minSimilarity)
      .sort((a, b) => b.sim - a.sim || a.i - b.i)
      .slice(0, key.perSource)
      .map((x) => x.i);
  }
  const coveredKeySentences = keySentences.filter((i) => best[i] >= threshold).sort((a, b) => a - b);

  return {
    n: source.n,
    cited,
    used,
    utilization: source.sentences.length > 0 ? usedSentences.length / source.sentences.length : 0,
    sentences: source.sentences.length,
    usedSentences,
    keySentences,
    coveredKeySentences,
    bestSimilarity: best.length > 0 && input.answerSentences.length > 0 ? Math.max(...best) : 0,
  };
}

/** The sources' counts and shares, with the cited numbers that match no source. */
function attributionTotals(sources: SourceAttribution[], input: AttributionVectors, citedSet: Set<number>, threshold: number): AttributionTotals {
  const known = new Set(input.sources.map((s) => s.n));
  const count = sources.length;
  const cited = sources.filter((s) => s.cited).length;
  const usedSources = sources.filter((s) => s.used);
  const both = sources.filter((s) => s.cited && s.used).length;
  const either = sources.filter((s) => s.cited || s.used).length;
  const keySentences = sources.reduce((a, s) => a + s.keySentences.length, 0);
  const coveredKeySentences = sources.reduce((a, s) => a + s.coveredKeySentences.length, 0);
  const share = (k: number) => (count > 0 ? k / count : null);

  return {
    sources: count,
    cited,
    used: usedSources.length,
    both,
    citedNotUsed: cited - both,
    usedNotCited: usedSources.length - both,
    attributed: share(either),
    citedShare: share(cited),
    usedShare: share(usedSources.length),
    bothShare: share(both),
    meanUtilization: usedSources.length > 0 ? usedSources.reduce((a, s) => a + s.utilization, 0) / usedSources.length : null,
    completeness: keySentences > 0 ? coveredKeySentences / keySentences : null,
    keySentences,
    coveredKeySentences,
    answerSentences: input.answerSentences.length,
    unknownCitations: [...citedSet].filter((n) => !known.has(n)).sort((a, b) => a - b),
    threshold,
  };
}

/** The pure core of {@link measureAttribution}: all metrics from precomputed unit vectors. */
export function attributionFromVectors(input: AttributionVectors, options: Omit<AttributionOptions, 'signal'> = {}): AttributionReport {
  const threshold = options.threshold ?? DEFAULT_ATTRIBUTION_THRESHOLD;
  const key = { perSource: Math.max(0, Math.floor(options.keyPerSource ?? DEFAULT_KEY_PER_SOURCE)), minSimilarity: options.keyMinSimilarity };
  const citedSet = new Set(input.cited);
  const sources = input.sources.map((source) => attributeSource(source, input, threshold, key, citedSet.has(source.n)));

  const answerSupport = input.answerSentences.map((a): SentenceSupport => {
    let best: SentenceSupport = { similarity: 0 };
    for (const source of input.sources) {
      const sim = maxSimilarity(a, source.sentences);
      if (sim > best.similarity) best = { source: source.n, similarity: sim };
    }
    return best.similarity >= threshold ? best : { similarity: best.similarity };
  });

  return { sources, answerSupport, totals: attributionTotals(sources, input, citedSet, threshold) };
}

/** The answer's sentences with citation markers removed (sentences left without words dropped). */
export function answerSentenceTexts(answer: string): string[] {
  return answerSentences(answer).map((s) => s.text);
}

/** answerSentenceTexts with each sentence's end offset in the answer (where a citation mark would go). */
export function answerSentences(answer: string): Array<{ text: string; end: number }> {
  return segmentSentences(answer)
    .map((s) => ({
      text: s.text
        .replace(CITATION_MARK, ' ')
        .replace(/\s+/g, ' ')
        .replace(/\s+([.,;:!?])/g, '$1')
        .trim(),
      end: s.end,
    }))
    .filter((s) => /[\p{L}\p{N}]/u.test(s.text));
}

/**
 * Segments the answer and the sources into sentences, embeds them (plus the question) in one
 * call, reads citations from the answer, and computes the report with
 * {@link attributionFromVectors}.
 */
export async function measureAttribution(input: AttributionInput, embedder: Embedder, options: AttributionOptions = {}): Promise<AttributionReport> {
  const answerTexts = answerSentenceTexts(input.answer);
  const sourceTexts = input.sources.map((s) => segmentSentences(s.text).map((x) => x.text));
  const question = input.question.trim();
  const texts = [...(question ? [question] : []), ...answerTexts, ...sourceTexts.flat()];
  const vectors = texts.length > 0 ? await embedder.embed(texts, options.signal) : [];

  let at = 0;
  const take = (k: number) => vectors.slice(at, (at += k));
  const questionVector = question ? take(1)[0] : null;
  const answerSentences = take(answerTexts.length);
  const sources = input.sources.map((s, i) => ({ n: s.n, sentences: take(sourceTexts[i].length) }));

  const maxN = input.sources.reduce((m, s) => Math.max(m, s.n), 0);
  // Parse with a generous bound so numbers beyond the sources are seen and reported as unknown.
  const cited = input.cited ? [...new Set(input.cited)].sort((a, b) => a - b) : citedSources(input.answer, Math.max(maxN, 1000));

  const report = attributionFromVectors({ question: questionVector, answerSentences, sources, cited }, options);
  return {
    ...report,
    copied: verbatimShare(
      input.answer,
      input.sources.map((s) => s.text),
    ),
  };
}

function maxSimilarity(v: Float32Array, others: Float32Array[]): number {
  let best = -Infinity;
  for (const o of others) best = Math.max(best, dot(v, o));
  return best;
}
