import { checkReply, fitPassages, readerPrompt, READER_MAX_TOKENS, type ReplyCheck } from '../../reader';
import { findCitations } from '../../attribution';
import type { Answer } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import type { Lead } from './leading';
import { generationUsage } from '../usage';
import { writesProse } from '../answer';

/** What Sieve found before the model reads: its opening answer, and its yes/no verdict if it has one. */
export interface SieveFinding {
  answer?: string;
  verdict?: 'Yes' | 'No';
  /** A figure Sieve computed: it stays first, and the model's sentence follows as context. */
  computed?: boolean;
}

/** What Sieve found, as the reader is told it: the lead's first paragraph, and its verdict and figure only where the lead states them. */
export function sieveFinding(lead: Lead | undefined): SieveFinding {
  if (!lead?.answer) return {};
  const verdict = lead.states ? lead.verdict : undefined;
  return { answer: lead.answer, ...(verdict ? { verdict } : {}), ...(lead.states && lead.figure?.answer ? { computed: true } : {}) };
}

/**
 * 7b. The language model as the reader: one or two sentences from the question, Sieve's findings
 * and the best passages, checked (core/reader) before they are shown. A reply that passes leads
 * Sieve's own answer (or follows a computed figure, which stays first); one that does not is not
 * shown, and the problems say why. `own` is Sieve's answer without a model.
 */
export async function readerAnswer(ctx: AskContext, sources: AnswerSource[], found: SieveFinding, own: Answer): Promise<Outcome<Answer>> {
  const engine = ctx.engine!;
  const findings = found.answer ? [found.answer.split(/\n\s*\n/)[0].trim()] : [];
  const passages = [...sources].sort((a, b) => b.score - a.score).map((s) => ({ n: s.n, text: s.text }));
  // Sieve's own answer is shown at once; the model's checked sentence joins it when the reply is in.
  ctx.emit({ kind: 'token', piece: own.text });
  const prompt = readerPrompt(ctx.question, findings, passages);
  const out = await engine.generate(prompt, { maxTokens: READER_MAX_TOKENS, temperature: 0, signal: ctx.signal });
  const reply = out.text.trim();
  // The passages as the model was given them (the best within the budget, the last perhaps cut).
  const given = fitPassages(passages);
  // The reply must carry what Sieve's reading leads with ("$23.3 billion", "Health Care"); a computed figure stays first anyway.
  const lead = found.answer && !found.computed && !found.verdict ? leadOf(found.answer) : undefined;
  const checked = checkReply(reply, { passages: given, findings, ...(found.verdict ? { verdict: found.verdict } : {}), ...(lead ? { lead } : {}) });
  // Mostly the prompt's own words ("Begin with the answer …") said back: no answer (the writer's echo test).
  const echo = !writesProse(
    reply,
    prompt,
    given.map((p) => p.text),
  );
  const check: ReplyCheck = echo ? { ...checked, ok: false, problems: [...checked.problems, 'it repeats the prompt’s instructions'] } : checked;
  // "Nothing states this" adds nothing to Sieve's own answer: Sieve says itself when nothing does (core/decline).
  const shown = check.ok && !check.nothing;
  if (!shown) {
    if (!check.ok) ctx.problems.push(`The language model's reply was not shown (${check.problems.join('; ')}); Sieve's own answer is shown instead.`);
    return {
      value: own,
      usage: generationUsage(out),
      detail: { reader: check.ok ? 'not needed' : 'refused', reply: reply.slice(0, 300), ...(check.ok ? {} : { why: check.problems.join('; ') }) },
    };
  }
  const count = Math.max(0, ...sources.map((s) => s.n));
  // A computed figure stays first; otherwise the model's sentences lead.
  const [first, second] = found.computed ? [own.text, reply] : [reply, own.text];
  const text = `${first}\n\n${second}`;
  return {
    value: { text, citations: findCitations(text, count), notFound: false, extractive: false },
    usage: generationUsage(out),
    detail: { reader: 'shown', reply: reply.slice(0, 300), passages: given.length },
  };
}

/** What an answer of Sieve's leads with: the text before its first colon ("$23.3 billion", "Health Care"), when short. */
function leadOf(answer: string): string | undefined {
  const head = answer.split(/:\s/)[0].trim();
  return head.length > 0 && head.length <= LEAD_CHARS && head !== answer.trim() ? head : undefined;
}

/** A lead longer than this is a sentence, not a figure or a name. */
const LEAD_CHARS = 60;
