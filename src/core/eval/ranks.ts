import type { Chunk } from '../types';
import { markdownTable } from './metrics';

/** Where, in one question's ranking, the first chunk on an evidence page is. */
export interface EvidenceRank {
  /** 1-based rank of the first chunk touching an evidence page; 0 when no ranked chunk does. */
  rank: number;
  /** Characters of the chunks ranked above it (what a budget must hold before it). */
  charsBefore: number;
}

export function evidenceRank(ranked: Chunk[], evidencePages: Set<number>): EvidenceRank {
  let chars = 0;
  for (const [i, c] of ranked.entries()) {
    for (let p = c.pageStart ?? 0; p <= (c.pageEnd ?? -1); p++) if (evidencePages.has(p)) return { rank: i + 1, charsBefore: chars };
    chars += c.text.length;
  }
  return { rank: 0, charsBefore: chars };
}

interface RankSummary {
  questions: number;
  medianRank: number | null;
  /** Share of questions with an evidence chunk within the top k, for each k. */
  within: Array<{ k: number; share: number }>;
  never: number;
  medianCharsBefore: number | null;
}

const median = (xs: number[]) => {
  if (xs.length === 0) return null;
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** Distribution of evidence ranks over questions (questions never reaching evidence count as beyond every k). */
export function summarizeRanks(ranks: EvidenceRank[], ks = [1, 3, 5, 10, 20, 50, 100]): RankSummary {
  const found = ranks.filter((r) => r.rank > 0);
  return {
    questions: ranks.length,
    medianRank: median(found.map((r) => r.rank)),
    within: ks.map((k) => ({ k, share: ranks.length ? found.filter((r) => r.rank <= k).length / ranks.length : 0 })),
    never: ranks.length - found.length,
    medianCharsBefore: median(found.map((r) => r.charsBefore)),
  };
}

/** One table row per config: where the first evidence chunk lies in its full ranking. */
export function formatRankTable(rows: Array<{ config: string; evidenceRank?: EvidenceRank }>): string | undefined {
  const configs = [...new Set(rows.filter((r) => r.evidenceRank).map((r) => r.config))];
  if (configs.length === 0) return undefined;
  const ks = [1, 5, 20, 50];
  const body = configs.map((config) => {
    const s = summarizeRanks(
      rows.filter((r) => r.config === config && r.evidenceRank).map((r) => r.evidenceRank!),
      ks,
    );
    return [config, String(s.medianRank ?? '—'), ...s.within.map((w) => w.share.toFixed(2)), String(s.never), String(s.medianCharsBefore ?? '—')];
  });
  return markdownTable(['config', 'median rank', ...ks.map((k) => `top ${k}`), 'never', 'median chars before'], body);
}
