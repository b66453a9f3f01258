const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Lower-cased runs of letters and digits. This exact definition is shared by the
 * evidenceCoverage metric, so changing it changes evaluation results.
 */
export function wordTokens(text: string): string[] {
  return text.toLowerCase().match(WORD) ?? [];
}
