/** The rare character the model is asked to emit at the end of each section (LlamaChunk). */
export const SPLIT_CHAR = '段';

/**
 * The text the scorer feeds the model before reading split probabilities. The window text is
 * the last thing in the prompt, so every token of it is scored with the instruction in view:
 * the scorer reads, at each token, log P(SPLIT_CHAR) as the next token.
 */
export function splitPrompt(windowText: string, splitChar: string = SPLIT_CHAR): string {
  return (
    `Copy the following text exactly, and write the character "${splitChar}" right after ` +
    `the end of each section, where the topic changes and a reader would start a new chunk. ` +
    `Do not change any other character.\n\n` +
    `Text:\n` +
    windowText
  );
}
