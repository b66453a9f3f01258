/** Decimals the pipeline shows grades, similarities and thresholds with. */
const SHOWN_DECIMALS = 2;

/**
 * x rounded to the shown decimals exactly as toFixed rounds it. Verdicts compare these, not
 * the full floats, so a reason never reads "grade 0.72 < 0.72".
 */
export function atShownPrecision(x: number): number {
  return Number(x.toFixed(SHOWN_DECIMALS));
}

/** x as the pipeline prints it ("0.72"; never "-0.00"). */
export function shown(x: number): string {
  return atShownPrecision(x).toFixed(SHOWN_DECIMALS);
}
