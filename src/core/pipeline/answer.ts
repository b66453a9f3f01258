import type { ChatMessage, LlmEngine } from '../llm';
import { answerPrompt, simpleAnswerPrompt, type AnswerSource } from './prompts';
import { findCitations, type CitationMark } from '../attribution';
import { generationUsage, type LlmUsage } from './usage';

interface AnswerResult {
  text: string;
  citations: CitationMark[];
  usage: LlmUsage;
  finishReason: 'stop' | 'length' | 'abort';
  /** The reply says something (see writesProse). */
  prose: boolean;
  /** Numbers of the sources left out because they did not fit the model's context window. */
  dropped: number[];
}

/**
 * Characters per token assumed when fitting sources to a context window: cautious (real
 * tokenizers give 3.5–4.5 on English prose, fewer on figures and tables), so the engine rarely
 * has to cut a prompt itself.
 */
const CHARS_PER_TOKEN = 3;

const tokensOf = (messages: ChatMessage[]) => Math.ceil(messages.reduce((n, m) => n + m.content.length, 0) / CHARS_PER_TOKEN) + 8 * messages.length;

/**
 * The sources that fit in `tokens` with the prompt around them, each whole: the weakest are
 * left out first (at least the strongest is always kept), and the rest keep their order.
 */
export function fitSources(query: string, sources: AnswerSource[], tokens: number): { kept: AnswerSource[]; dropped: AnswerSource[] } {
  const kept = sources.slice();
  const dropped: AnswerSource[] = [];
  while (kept.length > 1 && tokensOf(answerPrompt(query, kept)) > tokens) {
    let weakest = 0;
    kept.forEach((s, i) => {
      if (s.score < kept[weakest].score || (s.score === kept[weakest].score && s.n > kept[weakest].n)) weakest = i;
    });
    dropped.push(...kept.splice(weakest, 1));
  }
  return { kept, dropped };
}

/** Grounded generation: the answer is written from the numbered sources only, streamed, and its [n] markers read back. */
export async function generateAnswer(
  engine: LlmEngine,
  query: string,
  sources: AnswerSource[],
  options: { maxTokens: number; signal?: AbortSignal; onToken?: (piece: string) => void; simple?: boolean },
): Promise<AnswerResult> {
  // Whole sources are left out rather than letting the engine cut the prompt mid-source.
  const { kept, dropped } = fitSources(query, sources, engine.info.contextWindow - options.maxTokens);
  const prompt = (options.simple ? simpleAnswerPrompt : answerPrompt)(query, kept);
  // A reply of citation marks alone ("[1] [1] [1] …") is stopped early rather than run to the token limit.
  const marksOnly = new AbortController();
  let sofar = '';
  const onToken = (piece: string) => {
    sofar += piece;
    options.onToken?.(piece);
    if (sofar.length >= MARKS_ONLY_CHARS && !/[\p{L}\d]/u.test(sofar.replace(/\[\d+\]/g, ''))) marksOnly.abort();
  };
  const signal = options.signal ? AbortSignal.any([options.signal, marksOnly.signal]) : marksOnly.signal;
  // An engine may end a stopped generation with what it had, or throw: either way the marks so far are the reply.
  const out = await engine.generate(prompt, { maxTokens: options.maxTokens, temperature: 0, signal, onToken }).catch((e: unknown) => {
    if (!marksOnly.signal.aborted || options.signal?.aborted) throw e;
    return { text: sofar, promptTokens: 0, completionTokens: sofar.split(/\s+/).filter(Boolean).length, finishReason: 'abort' as const };
  });
  const finishReason = out.finishReason === 'abort' && !options.signal?.aborted ? 'stop' : out.finishReason;
  const texts = kept.map((k) => k.text);
  // Lines copied from the prompt's scaffolding (a source's label) are dropped; what the model wrote stays.
  const text = withoutEcho(out.text, prompt, texts);
  return {
    text,
    prose: saysSomething(out.text, text),
    citations: findCitations(text, Math.max(0, ...sources.map((s) => s.n))),
    usage: generationUsage(out),
    finishReason,
    dropped: dropped.map((s) => s.n).sort((a, b) => a - b),
  };
}

/** Characters of citation marks alone after which an answer is stopped. */
const MARKS_ONLY_CHARS = 24;

/** Words or figures a reply needs besides its citation marks ("Noon [1]." and "$1,577 [1]" say something). */
const MIN_PROSE_WORDS = 1;
/** Share of a reply copied from the prompt's scaffolding (instructions, source labels) above which it is an echo. */
const ECHO_SHARE = 0.5;
/** Pieces of a reply shorter than this are not judged as copies. */
const MIN_ECHO_PIECE = 8;

/**
 * Whether a reply says something: at least a word or figure besides its citation marks, and
 * not mostly copied from the prompt's scaffolding: its instructions and the sources' labels,
 * everything but the sources' own texts (quoting a source is an answer; repeating its label,
 * "[1] NIKE 10-K, p. 22 (relevance: high…)", is not).
 */
export function writesProse(reply: string, prompt: ChatMessage[], sourceTexts: string[] = []): boolean {
  return saysSomething(reply, withoutEcho(reply, prompt, sourceTexts));
}

/** writesProse, given the reply with its copied pieces already taken out. */
function saysSomething(reply: string, cleaned: string): boolean {
  const words = reply.replace(/\[\d+\]/g, ' ').match(/\p{L}[\p{L}'’-]*|\d[\d,.]*/gu) ?? [];
  if (words.length < MIN_PROSE_WORDS) return false;
  const size = (text: string) => text.replace(/\[\d+\]|\s+/g, '').length;
  const total = size(reply);
  return total === 0 || 1 - size(cleaned) / total < ECHO_SHARE;
}

/** The reply without the pieces copied from the prompt's scaffolding, trimmed. */
export function withoutEcho(reply: string, prompt: ChatMessage[], sourceTexts: string[] = []): string {
  let out = reply;
  for (const piece of echoedPieces(reply, prompt, sourceTexts)) out = out.split(piece).join('');
  return out
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A reply's runs of text between citation marks and line breaks. */
function replyPieces(reply: string): string[] {
  return reply
    .split(/\[\d+\]|\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}

/**
 * What a reply copied from the prompt's scaffolding (its sources' own texts left out, since
 * quoting a source is an answer): whole lines of it, such as a source's label, and runs of the
 * reply found in it.
 */
function echoedPieces(reply: string, prompt: ChatMessage[], sourceTexts: string[]): string[] {
  let scaffold = prompt.map((m) => m.content).join('\n');
  for (const t of sourceTexts) scaffold = scaffold.split(t).join('\n');
  const lines = scaffold
    .split('\n')
    .map((l) => l.replace(/^\[\d+\]\s*/, '').trim())
    .filter((l) => l.length >= MIN_ECHO_PIECE && reply.includes(l));
  const runs = replyPieces(reply).filter((p) => p.length >= MIN_ECHO_PIECE && scaffold.includes(p) && !lines.some((l) => l.includes(p)));
  return [...lines, ...runs];
}

/** A label a reader can follow back: document, pages, section. */
export function sourceLabel(title: string, pageStart?: number, pageEnd?: number, sectionPath: string[] = []): string {
  const pages = pageStart === undefined ? '' : pageStart === pageEnd || pageEnd === undefined ? `, p. ${pageStart}` : `, pp. ${pageStart}–${pageEnd}`;
  const section = sectionPath.length ? ` — ${sectionPath.join(' › ')}` : '';
  return `${title}${pages}${section}`;
}

/** Words for a 0–1 grade, given to the model with each source. */
export function relevanceLabel(score: number): string {
  return score >= 0.75 ? 'high' : score >= 0.5 ? 'medium' : 'low';
}
