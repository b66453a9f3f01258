/**
 * Text utilities every parser and chunker shares: sentence segmentation (with abbreviations), word
 * tokens, whitespace and line normalisation, bidi control removal, and the figures (numbers,
 * amounts, years) a text holds.
 */
export { stripBidiControls } from './bidi';
export { figuresIn, figuresKey } from './figures';
export { cleanLine, flattenLine, isBlank, normalizeNewlines } from './normalize';
export { segmentSentences } from './segment';
export { ACRONYM_SHAPE, AUXILIARY_VERBS, CARDINAL_WORDS, COMMON_ACRONYMS, QUESTION_WORDS, wordTokens } from './words';
export {
  BARE_MONTH_PATTERN,
  CAPITALISED_MONTH_PATTERN,
  DATE_PATTERN,
  dateLabel,
  fiscalYearOf,
  FIRST_WEEK,
  MONTH_NAMES,
  MONTH_PATTERN,
  monthLabel,
  monthNumber,
  parseDate,
} from './dates';
