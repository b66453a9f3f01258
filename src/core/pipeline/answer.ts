import type { ChatMessage, LlmEngine } from '../llm';
import { answerPrompt, type AnswerSource } from './prompts';
import { findCitations, type CitationMark } from '../attribution';
import { generationUsage, type LlmUsage } from './usage';

interface AnswerResult {
  text: string;
  citations: CitationMark[];
  usage: LlmUsage;
  finishReason: 'stop' | 'length' | 'abort';
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
  options: { maxTokens: number; signal?: AbortSignal; onToken?: (piece: string) => void },
): Promise<AnswerResult> {
  // Whole sources are left out rather than letting the engine cut the prompt mid-source.
  const { kept, dropped } = fitSources(query, sources, engine.info.contextWindow - options.maxTokens);
  const out = await engine.generate(answerPrompt(query, kept), {
    maxTokens: options.maxTokens,
    temperature: 0,
    signal: options.signal,
    onToken: options.onToken,
  });
  return {
    text: out.text.trim(),
    citations: findCitations(out.text, Math.max(0, ...sources.map((s) => s.n))),
    usage: generationUsage(out),
    finishReason: out.finishReason,
    dropped: dropped.map((s) => s.n).sort((a, b) => a - b),
  };
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
