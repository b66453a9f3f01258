import type { LlmEngine } from '../llm/engine';
import { answerPrompt, type AnswerSource } from './prompts';
import { findCitations, type CitationMark } from './citations';
import type { LlmUsage } from './usage';

export interface AnswerResult {
  text: string;
  citations: CitationMark[];
  usage: LlmUsage;
  finishReason: 'stop' | 'length' | 'abort';
}

/** Grounded generation: the answer is written from the numbered sources only, streamed, and its [n] markers read back. */
export async function generateAnswer(
  engine: LlmEngine,
  query: string,
  sources: AnswerSource[],
  options: { maxTokens: number; signal?: AbortSignal; onToken?: (piece: string) => void },
): Promise<AnswerResult> {
  const out = await engine.generate(answerPrompt(query, sources), {
    maxTokens: options.maxTokens,
    temperature: 0,
    signal: options.signal,
    onToken: options.onToken,
  });
  return {
    text: out.text.trim(),
    citations: findCitations(out.text, sources.length),
    usage: { calls: 1, promptTokens: out.promptTokens, generatedTokens: out.completionTokens },
    finishReason: out.finishReason,
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
