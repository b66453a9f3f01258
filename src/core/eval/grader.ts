import type { AskResult, StageName } from '../pipeline';

/** One graded candidate of one question, labelled by whether it lies on an evidence page. */
export interface GradedCandidate {
  chunkId: string;
  onEvidence: boolean;
  /** The retrieval (hybrid) score alone. */
  retrieval: number;
  base?: number;
  final?: number;
  kept: boolean;
}

/** One stage's cost in one question. */
export interface StageCost {
  stage: StageName;
  ms: number;
  calls: number;
  promptTokens: number;
  generatedTokens: number;
}

/** What an LLM run of the pipeline cost and decided for one question. */
export interface LlmRunStats {
  ms: number;
  stages: StageCost[];
  candidates: GradedCandidate[];
}

/** The LLM side of one pipeline run: stage costs and every graded candidate with its label. */
export function llmRunStats(r: AskResult, onEvidence: (chunkId: string) => boolean): LlmRunStats {
  const stages = r.stages.map((s) => ({ stage: s.stage, ms: s.ms, calls: s.usage.calls, promptTokens: s.usage.promptTokens, generatedTokens: s.usage.generatedTokens }));
  const candidates = r.rows
    .filter((row) => row.verdict !== 'duplicate')
    .map((row) => ({
      chunkId: row.chunk.id,
      onEvidence: onEvidence(row.chunk.id),
      retrieval: row.hybrid,
      base: row.grade?.base,
      final: row.final,
      kept: row.verdict === 'kept',
    }));
  return { ms: stages.reduce((s, x) => s + x.ms, 0), stages, candidates };
}

/**
 * ROC AUC of `scores` for the positive `labels`: the chance that a random positive outscores a
 * random negative, ties counting half (Mann–Whitney U). Undefined without both classes.
 */
export function rocAuc(scores: number[], labels: boolean[]): number | undefined {
  const pos = labels.filter(Boolean).length;
  const neg = labels.length - pos;
  if (pos === 0 || neg === 0) return undefined;
  const order = scores.map((s, i) => ({ s, l: labels[i] })).sort((a, b) => a.s - b.s);
  let rankSum = 0;
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1].s === order[i].s) j++;
    const mid = (i + j) / 2 + 1; // average 1-based rank of the tie group
    for (let k = i; k <= j; k++) if (order[k].l) rankSum += mid;
    i = j + 1;
  }
  return (rankSum - (pos * (pos + 1)) / 2) / (pos * neg);
}

interface GraderQuality {
  candidates: number;
  positives: number;
  aucRetrieval?: number;
  aucBase?: number;
  aucFinal?: number;
}

/**
 * How well each score separates candidates on evidence pages from the rest, pooled over
 * questions (only candidates that carry the score count for it).
 */
export function graderQuality(cands: GradedCandidate[]): GraderQuality {
  const auc = (pick: (c: GradedCandidate) => number | undefined) => {
    const with_ = cands.filter((c) => pick(c) !== undefined);
    return rocAuc(
      with_.map((c) => pick(c)!),
      with_.map((c) => c.onEvidence),
    );
  };
  return {
    candidates: cands.length,
    positives: cands.filter((c) => c.onEvidence).length,
    aucRetrieval: auc((c) => c.retrieval),
    aucBase: auc((c) => c.base),
    aucFinal: auc((c) => c.final),
  };
}

/** Per stage: median ms and mean calls and tokens per question, over the runs given. */
export function stageTable(runs: LlmRunStats[]): Array<{ stage: StageName; medianMs: number; calls: number; promptTokens: number; generatedTokens: number }> {
  const names = [...new Set(runs.flatMap((r) => r.stages.map((s) => s.stage)))];
  return names.map((stage) => {
    const rows = runs.map((r) => r.stages.find((s) => s.stage === stage)).filter((s): s is StageCost => !!s);
    const mean = (f: (s: StageCost) => number) => rows.reduce((a, s) => a + f(s), 0) / Math.max(1, runs.length);
    return {
      stage,
      medianMs: median(rows.map((s) => s.ms)),
      calls: mean((s) => s.calls),
      promptTokens: mean((s) => s.promptTokens),
      generatedTokens: mean((s) => s.generatedTokens),
    };
  });
}

/**
 * How often two runs over the same questions (e.g. logprob and generate scoring) agree on
 * which candidates to keep, over candidates both graded.
 */
export function keepAgreement(a: LlmRunStats[], b: LlmRunStats[]): { compared: number; agree: number; share?: number } {
  let compared = 0;
  let agree = 0;
  a.forEach((run, i) => {
    const other = new Map(b[i]?.candidates.map((c) => [c.chunkId, c]) ?? []);
    for (const c of run.candidates) {
      const o = other.get(c.chunkId);
      if (!o) continue;
      compared++;
      if (o.kept === c.kept) agree++;
    }
  });
  return { compared, agree, share: compared ? agree / compared : undefined };
}

export function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((x, y) => x - y);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}
