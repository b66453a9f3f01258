/**
 * Prompt templates. The rewrite, relevance and self-reflection prompts follow the ChunkRAG
 * paper's appendix (same task, inputs and 0–1 scale); the logprob variants ask for one digit
 * so the grade can be read from the next-token distribution; the answer prompt is ours.
 * Every prompt puts what is shared across chunks (instructions, then the query) before the
 * chunk, so an engine with a prefix cache reuses it.
 */
import type { ChatMessage } from '../llm';

const GRADER = 'You are an AI assistant that judges how relevant a text chunk is to a user query.';

export function rewritePrompt(query: string): ChatMessage[] {
  return [
    { role: 'system', content: 'You are an AI assistant that improves user queries for better search results.' },
    {
      role: 'user',
      content:
        'Rewrite the following query so that it works better for document retrieval, without changing its meaning. ' +
        `Reply with the rewritten query only.\n\nOriginal query: "${query}"\n\nRewritten query:`,
    },
  ];
}

export function relevancePrompt(query: string, chunk: string): ChatMessage[] {
  return [
    { role: 'system', content: GRADER },
    {
      role: 'user',
      content:
        'Analyse the chunk and the query, then give a relevance score between 0 and 1, where 1 means highly relevant ' +
        'and 0 means not relevant at all. Reply with a single decimal number between 0 and 1 and no other text.\n\n' +
        `User query: ${query}\n\nChunk: ${chunk}\n\nRelevance score (between 0 and 1):`,
    },
  ];
}

export function reflectionPrompt(query: string, chunk: string, score: number): ChatMessage[] {
  return [
    { role: 'system', content: GRADER },
    {
      role: 'user',
      content:
        'You gave a relevance score to a text chunk for a user query. Reflect on that score and adjust it if needed. ' +
        'Reply with the final score as a single decimal number between 0 and 1 and no other text.\n\n' +
        `User query: ${query}\n\nChunk: ${chunk}\n\nYour initial score: ${score.toFixed(2)}\n\nFinal relevance score (between 0 and 1):`,
    },
  ];
}

/** Digits read in logprob mode; the grade is their expected value divided by 9. */
export const DIGITS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

export function relevanceDigitPrompt(query: string, chunk: string): ChatMessage[] {
  return [
    { role: 'system', content: GRADER },
    {
      role: 'user',
      content:
        'Rate how relevant the chunk is to the query on a scale from 0 (not relevant at all) to 9 (answers it directly). ' +
        `Reply with one digit.\n\nUser query: ${query}\n\nChunk: ${chunk}\n\nRelevance (0-9):`,
    },
  ];
}

export function reflectionDigitPrompt(query: string, chunk: string, score: number): ChatMessage[] {
  return [
    { role: 'system', content: GRADER },
    {
      role: 'user',
      content:
        'Rate how relevant the chunk is to the query on a scale from 0 (not relevant at all) to 9 (answers it directly). ' +
        'A first rating was given; reflect on it, check whether the chunk really contains what the query asks for, ' +
        `and reply with one digit.\n\nUser query: ${query}\n\nChunk: ${chunk}\n\nFirst rating: ${Math.round(score * 9)}\n\nFinal relevance (0-9):`,
    },
  ];
}

export function thresholdPrompt(query: string, scores: number[]): ChatMessage[] {
  return [
    { role: 'system', content: 'You choose a cut-off for relevance scores.' },
    {
      role: 'user',
      content:
        'These are relevance scores (0 to 1) of text chunks for a user query. Choose the threshold above which a chunk ' +
        'should be used to answer. Reply with a single decimal number between 0 and 1 and no other text.\n\n' +
        `User query: ${query}\n\nScores: ${scores.map((s) => s.toFixed(2)).join(', ')}\n\nThreshold:`,
    },
  ];
}

export interface AnswerSource {
  n: number;
  label: string;
  relevance: string;
  score: number;
  text: string;
}

export function answerPrompt(query: string, sources: AnswerSource[]): ChatMessage[] {
  const context = sources.map((s) => `[${s.n}] ${s.label} (relevance: ${s.relevance}, score ${s.score.toFixed(2)})\n${s.text}`).join('\n\n');
  return [
    {
      role: 'system',
      content:
        'You answer questions using only the numbered sources you are given, never prior knowledge. ' +
        'Cite every claim with the source number in square brackets, like [1] or [2][3]. ' +
        'If the sources do not contain the answer, say that the documents do not contain it.',
    },
    // Ending on "Answer:" suits SmolLM2 ("The orchard apiary holds 14 hives."; with the instruction
    // repeated here it answered "1 hive"). Qwen2.5-Coder-0.5B sometimes answers it with "[1]" alone
    // or the sources' labels: then simpleAnswerPrompt asks again (see writesProse).
    { role: 'user', content: `Sources:\n\n${context}\n\nQuestion: ${query}\n\nAnswer:` },
  ];
}

/**
 * The answer asked again, more plainly, of a model whose first reply said nothing: the
 * instruction after the sources, next to the question, where a small model heeds it.
 */
export function simpleAnswerPrompt(query: string, sources: AnswerSource[]): ChatMessage[] {
  const context = sources.map((s) => `[${s.n}] ${s.text}`).join('\n\n');
  return [
    {
      role: 'user',
      content: `${context}\n\nUsing only the text above, answer in one or two sentences: ${query}\nEnd each sentence with the number of the text it comes from, like [1].`,
    },
  ];
}
