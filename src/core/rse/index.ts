/**
 * Relevant segment extraction (dsRAG): each chunk's value (relevance minus a penalty) along its
 * document, and the runs of adjacent chunks with the most value, given to the answer as one source
 * each.
 */
export { extractSegments } from './extract';
