/** Footnote marks that are not figures: "[2]", and "(1)" glued to a word ("Revenues(1)"). */
const FOOTNOTE = /\[\d{1,2}\]|(?<=\p{L})\(\d{1,2}\)/gu;
/** Two-digit fiscal years ("FY17", "FY'17") written out, so they equal "FY2017". */
const SHORT_FISCAL_YEAR = /\bFY\s?'?(\d\d)\b/gi;
/** Grouped thousands ("8,738.5"), decimals with or without a leading digit, whole numbers. */
const NUMBER = /\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d*\.\d+|\d+/g;

/**
 * The figures and years a text names, as canonical numbers: "8,738" and "8738" are one
 * figure, "$1.50" is 1.5, "FY17" is 2017. Currency signs, units, signs and footnote marks
 * are ignored.
 */
export function figuresIn(text: string): Set<string> {
  const cleaned = text.replace(FOOTNOTE, ' ').replace(SHORT_FISCAL_YEAR, ' 20$1');
  const out = new Set<string>();
  for (const m of cleaned.match(NUMBER) ?? []) out.add(String(Number(m.replace(/,/g, ''))));
  return out;
}

/** A key equal for two texts exactly when they name the same figures and years (see figuresIn). */
export function figuresKey(text: string): string {
  return [...figuresIn(text)].sort().join(' ');
}
