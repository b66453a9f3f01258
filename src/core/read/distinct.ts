import { COMMON_ACRONYMS } from '../text';

/**
 * The tokens that tell a question apart from others about the same document: code and names
 * printed as such (a digit, capitals inside a word or in a run: "vcovCL()", "HC3", "NaN", "JIT"),
 * quoted terms and operators (":="), leaving out years, quarters, common acronyms and the words of
 * the documents' own names (`own`: "Python 3.11" in a question about What's New in Python 3.11).
 */
export function distinctiveTokens(question: string, own: readonly string[] = []): string[] {
  const owned = new Set(own.flatMap((o) => o.toLowerCase().split(/[^\p{L}\p{N}.]+/u)).filter(Boolean));
  const out = new Set<string>();
  for (const m of question.matchAll(/[“"‘']([^”"’']{1,30})[”"’']|(:=|[<>!=]=|->|=>)|[\p{L}\p{N}_.]*[\p{L}\p{N}_]/gu)) {
    const token = (m[1] ?? m[2] ?? m[0]).replace(/\(\)$/, '');
    if (m[1] === undefined && m[2] === undefined && !CODE_LIKE.test(token)) continue;
    if (NOT_DISTINCTIVE.test(token) || COMMON_ACRONYMS.has(token.toUpperCase()) || owned.has(token.toLowerCase())) continue;
    out.add(token);
  }
  return [...out];
}

/** Code or a name printed as such: capitals after a lower-case letter or in a run of two or more, or letters mixed with digits. */
const CODE_LIKE = /\p{Ll}\p{Lu}|\p{Lu}{2}|\p{L}\d|\d\p{L}/u;
/** Years, quarters and fiscal periods ("FY2023", "Q2", "H1", "2022"), ordinal suffixes and bare numbers. */
const NOT_DISTINCTIVE = /^(?:(?:FY|Q|H)\s*'?\d{1,4}|\d{1,4}(?:st|nd|rd|th|s)?|(?:19|20)\d\d)$/i;

/** Whether a unit prints at least half the question's distinctive tokens (all when there is one): it is about what the question is about. */
export function printsDistinctive(text: string, tokens: readonly string[]): boolean {
  if (tokens.length === 0) return true;
  const lower = text.toLowerCase();
  const printed = tokens.filter((t) => lower.includes(t.toLowerCase())).length;
  return printed * 2 >= tokens.length && printed > 0;
}
