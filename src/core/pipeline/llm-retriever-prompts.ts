/**
 * Prompts for "LLM as retriever" (the LLMRetriever approach): the model judges chunks directly.
 * Every prompt puts what is shared across calls (instructions, then the query) first and the
 * chunk texts last, so an engine with a prefix cache reuses the shared part.
 */
import type { ChatMessage } from '../llm';

const JUDGE = 'You are an AI assistant that judges whether text chunks are relevant to a user query.';

/** Candidates read in yes-no logprob mode; P(yes) sums both spellings. */
export const YES_NO_TOKENS = ['yes', 'no', 'Yes', 'No'];
/** Digits read in grade logprob mode (single-token digits only, so the scale is 1–9, mapped to 1–10). */
export const GRADE_DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

const YES_NO_TASK = 'Decide whether the chunk is relevant to the user query, that is, whether it contains information that helps answer it.';
const GRADE_TASK = 'Rate how relevant the chunk is to the user query';

/** One chunk, read by next-token scoring over yes / no. */
export function yesNoLogprobPrompt(query: string, chunk: string): ChatMessage[] {
  return [
    { role: 'system', content: JUDGE },
    {
      role: 'user',
      content: `${YES_NO_TASK} Reply with yes or no.\n\nUser query: ${query}\n\nChunk: ${chunk}\n\nRelevant (yes or no):`,
    },
  ];
}

/** One chunk, read by next-token scoring over the digits 1–9. */
export function gradeLogprobPrompt(query: string, chunk: string): ChatMessage[] {
  return [
    { role: 'system', content: JUDGE },
    {
      role: 'user',
      content:
        `${GRADE_TASK} on a scale from 1 (not relevant at all) to 9 (answers it directly). Reply with one digit.\n\n` +
        `User query: ${query}\n\nChunk: ${chunk}\n\nRelevance (1-9):`,
    },
  ];
}

/**
 * Several numbered chunks in one prompt; the model answers one line per chunk ("1: yes" or
 * "1: 7"). The instructions do not depend on the batch, so they stay a shared prefix.
 */
export function batchJudgePrompt(query: string, chunks: string[], scale: 'yes-no' | 'grade'): ChatMessage[] {
  const task =
    scale === 'yes-no'
      ? 'Decide for each numbered chunk below whether it is relevant to the user query, that is, whether it contains ' +
        'information that helps answer it. Answer with one line per chunk, in the form "1: yes" or "1: no", and nothing else.'
      : 'Rate how relevant each numbered chunk below is to the user query, on a scale from 1 (not relevant at all) to 10 ' +
        '(answers it directly). Answer with one line per chunk, in the form "1: 7", and nothing else.';
  const body = chunks.map((c, i) => `[${i + 1}] ${c}`).join('\n\n');
  const tail = chunks.length === 1 ? 'Answer for chunk 1:' : `Answers (one line for each chunk, 1 to ${chunks.length}):`;
  return [
    { role: 'system', content: JUDGE },
    { role: 'user', content: `${task}\n\nUser query: ${query}\n\nChunks:\n\n${body}\n\n${tail}` },
  ];
}
