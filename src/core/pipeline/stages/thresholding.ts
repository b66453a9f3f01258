import { parseScore } from '../parse-score';
import { atShownPrecision, shown } from '../precision';
import { thresholdPrompt } from '../prompts';
import { dynamicThreshold, relativeThreshold, type ThresholdResult } from '../threshold';
import type { CandidateRow } from '../types';
import { generationUsage, NO_USAGE } from '../usage';
import type { AskContext, Outcome } from './context';

/** 5. The threshold (dynamic, relative without an LLM, or proposed by the LLM) and the floor; every row gets its verdict. */
export async function thresholding(ctx: AskContext, unique: CandidateRow[]): Promise<Outcome<ThresholdResult>> {
  const { engine, settings, question, signal } = ctx;
  const scores = unique.map((r) => r.final ?? 0);
  let t: ThresholdResult =
    !engine && settings.threshold.relative > 0
      ? relativeThreshold(scores, settings.threshold.relative, settings.threshold.floor)
      : dynamicThreshold(scores, settings.threshold.epsilon, settings.threshold.floor);
  let usage = NO_USAGE;
  if (engine && settings.threshold.mode === 'llm' && scores.length > 0) {
    const out = await engine.generate(thresholdPrompt(question, scores), { maxTokens: 12, temperature: 0, signal });
    usage = generationUsage(out);
    const proposed = parseScore(out.text);
    if (proposed === undefined) ctx.problems.push(`Threshold: could not read ${JSON.stringify(out.text.slice(0, 40))}; the dynamic threshold was used`);
    else t = { ...t, threshold: Math.max(proposed, settings.threshold.floor), rule: proposed >= settings.threshold.floor ? 'llm' : 'floor' };
  }
  // Decided at the precision the reasons print, so a reason always agrees with its verdict.
  const cut = atShownPrecision(t.threshold);
  for (const r of unique) judge(r, cut, ctx);
  return { value: t, usage, detail: { threshold: cut, rule: t.rule, kept: unique.filter((r) => r.verdict === 'kept').length } };
}

function judge(r: CandidateRow, cut: number, { engine, settings }: AskContext): void {
  const minDense = atShownPrecision(settings.threshold.minDense);
  const final = atShownPrecision(r.final ?? 0);
  if (r.judged) {
    r.verdict = r.judged.relevant ? 'kept' : 'below-threshold';
    r.reason = `the LLM judged it ${r.judged.relevant ? 'relevant' : 'not relevant'} (${shown(final)})${r.judged.problem ? `; ${r.judged.problem}` : ''}`;
  } else if (!engine && r.bm25 === 0 && atShownPrecision(r.dense) < minDense) {
    r.verdict = 'below-floor';
    r.reason = `no query word and similarity ${shown(r.dense)} < ${shown(minDense)}`;
  } else if (final < cut) {
    r.verdict = final < atShownPrecision(settings.threshold.floor) ? 'below-floor' : 'below-threshold';
    r.reason = `grade ${shown(final)} < ${shown(cut)}`;
  } else {
    r.verdict = 'kept';
    r.reason = `grade ${shown(final)} ≥ ${shown(cut)}`;
  }
}
