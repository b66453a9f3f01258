/**
 * The language model as the reader: it gets the question, Sieve's own findings and the few best
 * passages, and writes one or two sentences that start with the answer (readerPrompt). Sieve
 * checks the reply before showing it (checkReply): a reply that copies scaffolding, cites what it
 * was not given, states a figure nothing it cites prints, or contradicts Sieve's figures is not
 * shown as the answer; Sieve's own answer leads instead, and the page says why.
 */
export { readerPrompt, fitPassages, NOTHING_STATED, READER_CHARS, READER_MAX_TOKENS, READER_PASSAGES, type ReaderPassage } from './prompt';
export { checkReply, stated, type ReplyCheck, type ReplyGround } from './check';
