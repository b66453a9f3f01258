import type { ChatMessage, LlmEngine } from '../../llm';
import { scoringUsage } from '../usage';
import { oneLine, type ReadUnit } from '../../read';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import { readUnits } from './reading';

/**
 * The model as a chooser (issue 38 §2): for a yes/no question, the language model reads the few
 * sentences and table rows that best cover it, and Sieve reads the probabilities of its first
 * word, "Yes", "No" or "Unknown", from one forward pass. No text is generated or parsed.
 */
export interface ModelVerdict {
  /** The word the model gives most probability to. */
  verdict: 'Yes' | 'No' | 'Unknown';
  /** Each word's probability, renormalised over the three (both spellings summed). */
  probs: { Yes: number; No: number; Unknown: number };
  /** The chosen word's probability minus the runner-up's. */
  margin: number;
  /** Share of the model's probability the candidate words held before renormalising. */
  coverage: number;
  /** What the model read, in the order given. */
  units: ReadUnit[];
  model: string;
}

/** Sentences and rows the model reads: the best-covering few (chosen before any measurement, not fitted). */
export const CHOOSER_UNITS = 5;
/** A unit is cut to this many characters in the prompt (a long table row, a run-on sentence). */
const UNIT_CHARS = 400;

const WORDS = ['Yes', 'No', 'Unknown'] as const;
/** Both spellings of each word, as single tokens the tokenizer knows. */
export const CHOOSER_TOKENS = ['Yes', 'yes', 'No', 'no', 'Unknown', 'unknown'];

/** The prompt: the units numbered as the answer cites them, then the question; the reply's first word is read. */
export function verdictPrompt(question: string, units: ReadUnit[]): ChatMessage[] {
  const excerpts = units.map((u) => `[${u.source}] ${clip(oneLine(u.text))}`).join('\n');
  return [
    {
      role: 'system',
      content: 'You answer yes/no questions about documents using only the excerpts given. Reply with one word: Yes, No, or Unknown when the excerpts do not settle it.',
    },
    { role: 'user', content: `Excerpts:\n${excerpts}\n\nQuestion: ${question}\nAnswer (Yes, No or Unknown):` },
  ];
}

function clip(text: string): string {
  return text.length <= UNIT_CHARS ? text : `${text.slice(0, UNIT_CHARS - 1)}…`;
}

/** The three words' probabilities from next-token scores over CHOOSER_TOKENS. */
export function verdictOf(probs: Record<string, number>): Pick<ModelVerdict, 'verdict' | 'probs' | 'margin'> {
  const p = { Yes: 0, No: 0, Unknown: 0 };
  for (const w of WORDS) p[w] = (probs[w] ?? 0) + (probs[w.toLowerCase()] ?? 0);
  const total = p.Yes + p.No + p.Unknown;
  if (total > 0) for (const w of WORDS) p[w] /= total;
  const ranked = [...WORDS].sort((a, b) => p[b] - p[a]);
  return { verdict: ranked[0], probs: p, margin: p[ranked[0]] - p[ranked[1]] };
}

/**
 * 6b. For a yes/no question with a language model and no verdict from figures: the model reads
 * the best units and its verdict is kept with its margin. Whether it leads is decided by the
 * leading stage (the margin against settings.modelVerdicts.margin, and the kind's measured precision).
 */
export async function choosing(ctx: AskContext, sources: AnswerSource[]): Promise<Outcome<ModelVerdict | undefined>> {
  const { engine, units, skipped } = readable(ctx, sources, 1);
  if (!engine) return { value: undefined, detail: { skipped } };
  const out = await engine.scoreNext(verdictPrompt(ctx.question, units), CHOOSER_TOKENS, { signal: ctx.signal });
  const v = verdictOf(out.probs);
  const value: ModelVerdict = { ...v, coverage: out.coverage, units, model: engine.info.model };
  return {
    value,
    usage: scoringUsage(out),
    detail: {
      model: engine.info.model,
      verdict: v.verdict,
      yes: round(v.probs.Yes),
      no: round(v.probs.No),
      unknown: round(v.probs.Unknown),
      margin: round(v.margin),
      needs: ctx.settings.modelVerdicts.margin,
      mass: round(out.coverage),
      units: units.length,
    },
  };
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** The engine and the best units a chooser reads, or why it cannot run (no model, fewer than `least` units). */
function readable(ctx: AskContext, sources: AnswerSource[], least: number): { engine?: LlmEngine; units: ReadUnit[]; skipped?: string } {
  if (!ctx.engine) return { units: [], skipped: 'no language model' };
  const units = readUnits(ctx, sources).slice(0, CHOOSER_UNITS);
  if (units.length < least) return { units, skipped: least > 1 ? 'fewer than two sentences to choose from' : 'no passage to read' };
  return { engine: ctx.engine, units };
}

/** The model's pick of the unit that answers a question no finding stage answered (settings.modelSentence). */
export interface ModelSentence {
  /** The unit picked (absent when the model's best answer was "none"). */
  unit?: ReadUnit;
  /** Its probability, renormalised over the numbers offered and "0" (none). */
  p: number;
  /** Its probability minus the runner-up's. */
  margin: number;
  model: string;
}

/** Digits the sentence prompt offers: "0" (none answers) and one per unit. */
const DIGITS = ['0', '1', '2', '3', '4', '5'];

/** The sentence prompt: the units numbered 1–5 (not by source), the question, and the number to reply with. */
export function sentencePrompt(question: string, units: ReadUnit[]): ChatMessage[] {
  const excerpts = units.map((u, i) => `${i + 1}. ${clip(oneLine(u.text))}`).join('\n');
  return [
    { role: 'system', content: "You pick which excerpt of a document answers a question. Reply with the excerpt's number only, or 0 if none of them answers it." },
    { role: 'user', content: `Excerpts:\n${excerpts}\n\nQuestion: ${question}\nNumber of the excerpt that answers it (0 if none):` },
  ];
}

/**
 * 6c. A question no finding stage answered, with a language model: the model picks, by its
 * probabilities over the numbers, which of the five best units answers it; the answer then opens
 * with that unit where the pick's margin holds (settings.modelSentence). It states nothing.
 */
export async function sentenceChoosing(ctx: AskContext, sources: AnswerSource[]): Promise<Outcome<ModelSentence | undefined>> {
  const { engine, units, skipped } = readable(ctx, sources, 2);
  if (!engine) return { value: undefined, detail: { skipped } };
  const offered = DIGITS.slice(0, units.length + 1);
  const out = await engine.scoreNext(sentencePrompt(ctx.question, units), offered, { signal: ctx.signal });
  const ranked = [...offered].sort((a, b) => (out.probs[b] ?? 0) - (out.probs[a] ?? 0));
  const p = out.probs[ranked[0]] ?? 0;
  const margin = p - (out.probs[ranked[1]] ?? 0);
  const pick = Number(ranked[0]);
  const value: ModelSentence = { ...(pick > 0 ? { unit: units[pick - 1] } : {}), p, margin, model: engine.info.model };
  return {
    value,
    usage: scoringUsage(out),
    detail: {
      model: engine.info.model,
      picked: pick === 0 ? 'none' : `${pick} of ${units.length} (source ${units[pick - 1].source})`,
      p: round(p),
      margin: round(margin),
      needs: ctx.settings.modelSentence.margin,
    },
  };
}
