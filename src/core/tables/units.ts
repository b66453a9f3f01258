/** The unit a table states ("(In millions, except per share data)", "$ in thousands"). */

const SCALES: Array<[RegExp, number]> = [
  [/\b(?:in\s+)?billions?\b|\$\s*bn\b/i, 1e9],
  [/\b(?:in\s+)?millions?\b|\$\s*m\b|\bmn\b/i, 1e6],
  [/\b(?:in\s+)?thousands?\b|\$\s*000s?\b|\$\s*k\b/i, 1e3],
];
/** How units are stated: in parentheses, or after "in"/"amounts in"/"dollars in", not a figure in prose ("$2 billion"). */
const STATED =
  /\((?:[^()]*\b(?:in|amounts|dollars|\$)\b[^()]*|\s*(?:millions|thousands|billions)[^()]*)\)|^\s*(?:\$|dollars|amounts)?\s*in\s+(?:millions|thousands|billions)\b|^\s*\$\s*(?:and\s+\w+\s+)?in\s+(?:millions|thousands|billions)/i;

/** The scale and its wording in a header line, if it states one. */
export function statedScale(line: string): { scale: number; text: string } | undefined {
  const m = line.match(STATED);
  // A figure before the scale word is an amount in prose ("(of which $2 billion in senior notes)"), not the unit.
  if (!m || /\d\s*(?:billions?|millions?|thousands?|bn|mn)\b/i.test(m[0])) return undefined;
  const found = SCALES.find(([re]) => re.test(m[0]));
  return found ? { scale: found[1], text: m[0].trim() } : undefined;
}

/** Rows whose values are not in the table's unit: per-share amounts, ratios and percentages, counts of employees. */
export function unscaledLabel(label: string): boolean {
  return /\bper\s+(?:common\s+)?share\b|\bper\s+unit\b|\bratio\b|\bmargin\b|%|\bpercent(?:age)?\b|\brate\b|\bemployees\b|\bdays\b/i.test(label);
}
