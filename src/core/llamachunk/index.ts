/**
 * LlamaChunk: chunk boundaries where a language model puts a high probability on a split token,
 * read from its next-token scores over windows of a document.
 */
export * from './boundaries';
export * from './chunker';
export * from './prompts';
