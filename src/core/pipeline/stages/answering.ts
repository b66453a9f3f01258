import { generateAnswer, relevanceLabel, sourceLabel } from '../answer';
import { extractiveAnswer, firstQuote, quoteWithCitations } from '../extractive';
import { textBefore } from '../extractive-units';
import type { Answer } from '../types';
import type { AskContext, Outcome } from './context';
import type { AnswerSource } from './segmenting';
import type { FigureResult } from './figuring';
import { findCitations } from '../../attribution';
import { addUsage, type LlmUsage } from '../usage';
import { readerAnswer, sieveFinding } from './reader-answer';
import type { Lead } from './leading';

export const NOT_FOUND = 'The documents do not contain an answer to this question.';

/** 7. The answer, grounded in the sources only: read by the LLM from Sieve's findings (7b), written by it, or quoted from the sources without one. */
export async function answering(ctx: AskContext, sources: AnswerSource[], lead?: Lead): Promise<Outcome<Answer>> {
  // Not in the documents, or (not vouched for) found nowhere: the nearest passages follow as what they are.
  if (lead?.declined && lead.answer) return declinedAnswer(ctx, sources, lead.answer, lead.states ? 'The nearest passages, which do not answer it:' : 'The closest passages:');
  // The model writes nothing (it only chose): Sieve's own answer, as without a model.
  if (ctx.engine && ctx.settings.llmAnswer === 'off') return answering({ ...ctx, engine: undefined }, sources, lead);
  // The model as the reader: Sieve's own answer first, as without a model, then the model's sentences checked against it.
  if (ctx.engine && ctx.settings.llmAnswer === 'reader' && sources.length > 0) {
    const own = await answering({ ...ctx, engine: undefined, emit: () => {} }, sources, lead);
    return readerAnswer(ctx, sources, sieveFinding(lead), own.value);
  }
  if (lead?.answer) return withFigure(ctx, sources, lead.answer, lead.quoted);
  const opening = lead?.figure ? notFoundOpening(lead.figure) : '';
  if (opening) ctx.emit({ kind: 'token', piece: opening });
  const out = await answerFromSources(ctx, sources);
  return opening ? prefixed(opening, out, sources.length) : out;
}

/** An answer with text put before it: the prefix's citations, then the answer's own moved along. */
function prefixed(prefix: string, out: Outcome<Answer>, sourceCount: number): Outcome<Answer> {
  const shift = prefix.length;
  const citations = [...findCitations(prefix, sourceCount), ...out.value.citations.map((c) => ({ ...c, start: c.start + shift, end: c.end + shift }))];
  return { ...out, value: { ...out.value, text: prefix + out.value.text, citations } };
}

/** Sieve's own finding first (a computed figure, a comparison of rows); with a language model, its answer from the sources follows. */
async function withFigure(ctx: AskContext, sources: AnswerSource[], figureAnswer: string, alreadyQuoted?: string): Promise<Outcome<Answer>> {
  // The figure first; the evidence follows: the model's answer from the sources, or without one the quoted sentences.
  const prefix = `${figureAnswer}\n\n${ctx.engine ? '' : 'From the sources:\n'}`;
  ctx.emit({ kind: 'token', piece: prefix });
  const out = prefixed(prefix, await answerFromSources(ctx, sources, alreadyQuoted), sources.length);
  return { ...out, detail: { ...out.detail, finding: true } };
}

/** A decline first, then without a model the nearest passages quoted under `label` (as no answer, where the decline is sure). */
async function declinedAnswer(ctx: AskContext, sources: AnswerSource[], decline: string, label: string): Promise<Outcome<Answer>> {
  if (sources.length === 0) {
    ctx.emit({ kind: 'token', piece: decline });
    return { value: { text: decline, citations: [], notFound: true, extractive: true }, detail: { declined: true } };
  }
  const prefix = `${decline}\n\n${label}\n`;
  ctx.emit({ kind: 'token', piece: prefix });
  const out = prefixed(prefix, quoted(ctx, sources), sources.length);
  return { ...out, detail: { ...out.detail, declined: true } };
}

/** When a formula's inputs were not found: say so plainly and name the nearest rows, before the quoted evidence. */
function notFoundOpening({ figure }: FigureResult): string {
  if (figure.value !== undefined || figure.asked.from === 'line item' || figure.missing.length === 0) return '';
  const nearest = figure.nearest.map((n) => `“${n.label}”${n.page !== undefined ? ` (page ${n.page})` : ''}`).join(', ');
  // "short_term_investments (FY2022)" reads as "short term investments (FY2022)"; anything else is the arithmetic's own error.
  const rows = figure.missing.filter((m) => /^[a-z0-9_:]+(?: \(FY\d{4}\))?$/.test(m)).map((m) => m.replace(/^label_/, '').replace(/_/g, ' '));
  const why = rows.length ? `no table row matched ${rows.slice(0, 3).join(', ')}` : `the arithmetic failed (${figure.missing[0]})`;
  return `Sieve could not compute ${figure.asked.name}: ${why}.${nearest ? ` Nearest rows: ${nearest}.` : ''}\n\nFrom the sources:\n`;
}

/** `alreadyQuoted`: a unit the opening quotes already, not quoted again. */
async function answerFromSources(ctx: AskContext, sources: AnswerSource[], alreadyQuoted?: string): Promise<Outcome<Answer>> {
  const { engine, emit } = ctx;
  if (sources.length === 0) {
    emit({ kind: 'token', piece: NOT_FOUND });
    return { value: { text: NOT_FOUND, citations: [], notFound: true, extractive: !engine }, detail: { sources: 0 } };
  }
  if (!engine) return quoted(ctx, sources, alreadyQuoted);
  const prompted = sources.map((s) => ({
    n: s.n,
    label: sourceLabel(s.title, s.pageStart, s.pageEnd, s.sectionPath),
    relevance: relevanceLabel(s.score),
    score: s.score,
    text: s.text,
  }));
  const ask = (simple: boolean) =>
    generateAnswer(engine, ctx.question, prompted, { maxTokens: ctx.settings.maxAnswerTokens, signal: ctx.signal, onToken: (piece) => emit({ kind: 'token', piece }), simple });
  let out = await ask(false);
  // A reply that says nothing (bare citation marks, the prompt's source list): asked once more, plainly; then Sieve's own answer.
  if (!out.prose && out.finishReason !== 'abort') {
    const first = out;
    emit({ kind: 'token', piece: '\n\n' });
    out = await ask(true);
    out = { ...out, usage: addUsage(first.usage, out.usage) };
    if (!out.prose && out.finishReason !== 'abort') return sieveInstead(ctx, sources, out.usage);
  }
  if (out.citations.length === 0) ctx.problems.push('The answer cites no source.');
  if (out.dropped.length > 0) {
    const list = out.dropped.map((n) => `[${n}]`).join(', ');
    ctx.problems.push(
      `Source${out.dropped.length === 1 ? '' : 's'} ${list} did not fit the model's context window (${engine.info.contextWindow} tokens) and ${out.dropped.length === 1 ? 'was' : 'were'} not given to it.`,
    );
  }
  return {
    value: { text: out.text, citations: out.citations, notFound: false, extractive: false },
    usage: out.usage,
    detail: { sources: prompted.length, finish: out.finishReason },
  };
}

/** The model wrote no answer twice: Sieve's quoted answer, saying so. */
function sieveInstead(ctx: AskContext, sources: AnswerSource[], usage: LlmUsage): Outcome<Answer> {
  ctx.problems.push('The language model wrote no answer, twice (the second time asked more simply); Sieve quoted the sources instead.');
  const q = quoted(ctx, sources);
  return { ...q, usage, detail: { ...q.detail, fallback: 'quoted by Sieve: the model wrote no answer' } };
}

/** Retrieval-only: sentences quoted from the sources, with their citations. */
function quoted({ deps, question, emit }: AskContext, sources: AnswerSource[], skip?: string): Outcome<Answer> {
  // The text before each source's first chunk: a table the source starts inside has its header row there.
  const before = (i: number) => (deps.chunksOf ? textBefore(deps.chunksOf(sources[i].first.docId), sources[i].first.id) : undefined);
  const ex = extractiveAnswer(
    question,
    sources.map((s, i) => ({ n: s.n, text: s.text, score: s.score, before: before(i) })),
    3,
    skip,
  );
  const opening = firstQuote({ text: sources[0].text, before: before(0) }) ?? firstSentence(sources[0].text);
  const { text, citations } = ex.text ? ex : quoteWithCitations([{ text: opening, source: sources[0].n }]);
  emit({ kind: 'token', piece: text });
  return { value: { text, citations, notFound: false, extractive: true }, detail: { sources: sources.length } };
}

function firstSentence(text: string): string {
  const m = text.match(/^[\s\S]*?[.!?](\s|$)/);
  return (m ? m[0] : text.slice(0, 200)).trim();
}
