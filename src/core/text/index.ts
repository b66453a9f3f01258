/**
 * Text utilities every parser and chunker shares: sentence segmentation (with abbreviations), word
 * tokens, whitespace and line normalisation, bidi control removal, and the figures (numbers,
 * amounts, years) a text holds.
 */
export { stripBidiControls } from './bidi';
export { figuresIn, figuresKey } from './figures';
export { cleanLine, flattenLine, isBlank, normalizeNewlines } from './normalize';
export { segmentSentences } from './segment';
export { CARDINAL_WORDS, COMMON_ACRONYMS, wordTokens } from './words';
