/**
 * Pure helpers for LlamaChunk: windowing, decay correction, window merging, whitespace
 * snapping and peak picking. No model calls here; see chunker.ts for the pipeline.
 */

export interface Span {
  start: number;
  end: number;
}

export interface OffsetScore {
  /** Document offset where a boundary would fall (the chunk before ends here). */
  offset: number;
  score: number;
}

export const isSpace = (c: string | undefined): boolean => c === ' ' || c === '\n' || c === '\t' || c === '\r';

/**
 * Overlapping windows [start, end) covering the whole text. Each window is at most
 * `windowChars` long, ends at whitespace (unless it is a single long word), and the next one
 * starts about `overlapChars` before the previous end, at a word start. Always makes progress.
 */
export function windows(text: string, opts: { windowChars: number; overlapChars: number }): Span[] {
  const size = Math.max(1, Math.floor(opts.windowChars));
  const overlap = Math.max(0, Math.min(Math.floor(opts.overlapChars), size - 1));
  const out: Span[] = [];
  if (text.length === 0) return out;
  let start = 0;
  for (;;) {
    let end = Math.min(text.length, start + size);
    if (end < text.length && !isSpace(text[end])) {
      let i = end - 1;
      while (i > start && !isSpace(text[i])) i--;
      if (i > start) end = i;
    }
    out.push({ start, end });
    if (end >= text.length) break;
    const back = Math.max(start + 1, end - overlap);
    // move forward to a word start (never start mid-word), but not past the end
    let next = back;
    while (next < end && next > 0 && !isSpace(text[next - 1])) next++;
    while (next < end && isSpace(text[next])) next++;
    // No word start in the overlap (text without spaces, e.g. Chinese): keep the overlap anyway.
    if (next >= end) next = back;
    start = next;
  }
  return out;
}

export interface DecayFit {
  /** logProb ≈ a + b·log(1 + pos) */
  a: number;
  b: number;
  /** Number of points fitted. */
  n: number;
}

/**
 * Least-squares fit of logProb ≈ a + b·log(1 + pos), pos = characters from the window start.
 * Degenerate input: no finite points → a = 0, b = 0; fewer than 3 points or (near) constant
 * positions → b = 0, a = mean logProb. Non-finite points (−Infinity log-probs) are ignored.
 */
export function fitDecay(points: Array<{ pos: number; logProb: number }>): DecayFit {
  const pts = points.filter((p) => Number.isFinite(p.pos) && Number.isFinite(p.logProb) && p.pos >= 0);
  const n = pts.length;
  if (n === 0) return { a: 0, b: 0, n: 0 };
  let sx = 0;
  let sy = 0;
  for (const p of pts) {
    sx += Math.log1p(p.pos);
    sy += p.logProb;
  }
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (const p of pts) {
    const dx = Math.log1p(p.pos) - mx;
    sxx += dx * dx;
    sxy += dx * (p.logProb - my);
  }
  if (n < 3 || sxx < 1e-9 * n) return { a: my, b: 0, n };
  const b = sxy / sxx;
  return { a: my - b * mx, b, n };
}

/** Expected log-prob at position `pos` under the fit. */
export function decayAt(fit: DecayFit, pos: number): number {
  return fit.a + fit.b * Math.log1p(Math.max(0, pos));
}

/**
 * Subtracts the fitted trend from each token's log-prob (= dividing it out in probability
 * space). `pos` is taken as the token end (where the split character would follow).
 * Returns new objects with `score` = logProb − trend; −Infinity stays −Infinity.
 */
export function correctDecay<T extends { end: number; logProb: number }>(tokens: T[], fit: DecayFit): Array<T & { score: number }> {
  return tokens.map((t) => ({ ...t, score: t.logProb - decayAt(fit, t.end) }));
}

/**
 * Moves an offset that falls inside a word to the nearest whitespace position (the offset of
 * the whitespace character, i.e. right after the word), so a boundary never splits a word.
 * Ties prefer the later position (after the token). An offset already at a word edge, at 0 or
 * at text.length is kept. If no whitespace lies within `maxDistance` either way (e.g. text
 * without spaces such as CJK), the offset is kept as is.
 */
export function snapToWhitespace(text: string, offset: number, maxDistance = 64): number {
  const o = Math.max(0, Math.min(text.length, offset));
  if (o === 0 || o === text.length) return o;
  if (isSpace(text[o]) || isSpace(text[o - 1])) return o;
  let fwd = -1;
  for (let i = o; i < text.length && i - o <= maxDistance; i++) {
    if (isSpace(text[i])) {
      fwd = i;
      break;
    }
  }
  if (fwd < 0 && o + maxDistance >= text.length) fwd = text.length;
  let back = -1;
  for (let i = o - 1; i >= 0 && o - i <= maxDistance; i--) {
    if (isSpace(text[i])) {
      back = i + 1;
      break;
    }
  }
  if (back < 0 && o - maxDistance <= 0) back = 0;
  if (fwd < 0 && back < 0) return o;
  if (fwd < 0) return back;
  if (back < 0) return fwd;
  return fwd - o <= o - back ? fwd : back;
}

/**
 * Merges per-window scores into one score per document offset. Rule: each offset keeps the
 * score from the window where it is farthest from a *cut* window edge — margin =
 * min(offset − start, end − offset), where an edge that coincides with the document start or
 * end counts as infinitely far (nothing was cut there). Ties keep the earlier window. Within
 * one window, several tokens mapping to the same offset keep the highest score.
 */
export function mergeWindowScores(perWindow: Array<{ window: Span; scores: OffsetScore[] }>, textLength: number): OffsetScore[] {
  const best = new Map<number, { score: number; margin: number }>();
  for (const { window: w, scores } of perWindow) {
    const local = new Map<number, number>();
    for (const s of scores) {
      const prev = local.get(s.offset);
      if (prev === undefined || s.score > prev) local.set(s.offset, s.score);
    }
    for (const [offset, score] of local) {
      const left = w.start === 0 ? Infinity : offset - w.start;
      const right = w.end >= textLength ? Infinity : w.end - offset;
      const margin = Math.min(left, right);
      const cur = best.get(offset);
      if (!cur || margin > cur.margin) best.set(offset, { score, margin });
    }
  }
  return [...best.entries()].map(([offset, v]) => ({ offset, score: v.score })).sort((x, y) => x.offset - y.offset);
}

interface PickOptions {
  threshold: number;
  minChars: number;
  maxChars: number;
  /** Document length (chunk edges 0 and length). Default: text.length, else the last offset. */
  length?: number;
  /** Document text, used to force boundaries at whitespace when no score is available. */
  text?: string;
}

type BoundaryReason = 'peak' | 'forced-score' | 'forced-space' | 'forced-hard';

/** Like pickBoundaries, with why each boundary was chosen. */
export function pickBoundariesDetailed(scores: OffsetScore[], opts: PickOptions): Array<{ offset: number; reason: BoundaryReason }> {
  const length = opts.length ?? opts.text?.length ?? scores.reduce((m, s) => Math.max(m, s.offset), 0);
  const minChars = Math.max(0, opts.minChars);
  const maxChars = Math.max(1, opts.maxChars);
  const sorted = scores.filter((s) => s.offset > 0 && s.offset < length && !Number.isNaN(s.score)).sort((a, b) => a.offset - b.offset);

  // 1. local maxima above threshold (strict on the left, so a plateau yields its first offset)
  const peaks: OffsetScore[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i].score;
    if (!(s >= opts.threshold)) continue;
    const prev = i > 0 ? sorted[i - 1].score : -Infinity;
    const next = i + 1 < sorted.length ? sorted[i + 1].score : -Infinity;
    if (s > prev && s >= next) peaks.push(sorted[i]);
  }
  // 2. greedy from the strongest (ties → earlier), keeping minChars from chunk edges and each other
  peaks.sort((a, b) => b.score - a.score || a.offset - b.offset);
  const chosen: Array<{ offset: number; reason: BoundaryReason }> = [];
  for (const p of peaks) {
    if (p.offset < minChars || length - p.offset < minChars) continue;
    if (chosen.some((c) => Math.abs(c.offset - p.offset) < minChars)) continue;
    chosen.push({ offset: p.offset, reason: 'peak' });
  }
  chosen.sort((a, b) => a.offset - b.offset);

  // 3. force boundaries wherever a gap exceeds maxChars
  const out: Array<{ offset: number; reason: BoundaryReason }> = [];
  const edges = [...chosen, { offset: length, reason: 'peak' as BoundaryReason }];
  let cur = 0;
  // cur only grows, so the scores before the current range are skipped once, not per forced cut.
  let from = 0;
  const minGap = Math.min(minChars, Math.floor(maxChars / 2));
  for (const e of edges) {
    while (e.offset - cur > maxChars) {
      const lo = cur + Math.max(1, minGap);
      const hi = cur + maxChars;
      let pick: { offset: number; reason: BoundaryReason } | undefined;
      let bestScore = -Infinity;
      while (from < sorted.length && sorted[from].offset < lo) from++;
      for (let k = from; k < sorted.length; k++) {
        const s = sorted[k];
        if (s.offset > hi) break;
        if (s.score > bestScore) {
          bestScore = s.score;
          pick = { offset: s.offset, reason: 'forced-score' };
        }
      }
      if (!pick && opts.text) {
        for (let i = hi; i >= lo; i--) {
          if (isSpace(opts.text[i]) && !isSpace(opts.text[i - 1])) {
            pick = { offset: i, reason: 'forced-space' };
            break;
          }
        }
      }
      if (!pick) pick = { offset: hi, reason: 'forced-hard' };
      out.push(pick);
      cur = pick.offset;
    }
    if (e.offset < length) out.push(e);
    cur = e.offset;
  }
  return out;
}

/**
 * Boundary offsets (sorted, strictly inside (0, length)): local maxima of `score` at or above
 * `threshold`, taken greedily from the strongest (ties → earlier offset) while every boundary
 * stays at least `minChars` from the others and from the document edges; then wherever a gap
 * would exceed `maxChars`, a boundary is forced at the best-scoring offset in the allowed range
 * (ties → earlier), else at the last whitespace in range, else at exactly maxChars.
 */
export function pickBoundaries(scores: OffsetScore[], opts: PickOptions): number[] {
  return pickBoundariesDetailed(scores, opts).map((b) => b.offset);
}
