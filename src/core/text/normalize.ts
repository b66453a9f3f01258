/** Whitespace clean-up shared by the parsers. None of these functions keep offsets: run them before a text is final. */

// Zero-width characters, soft hyphens, BOMs and C0/C1 controls other than tab and newline.
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff\u0000-\u0008\u000b\u000e-\u001f\u007f-\u009f]/g;
// Every horizontal space, including no-break and typographic spaces (but not "\n").
const SPACES = /[ \t\r\f\v\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g;

/** "\r\n" and lone "\r" become "\n"; NFC so that accented letters compare equal. */
export function normalizeNewlines(text: string): string {
  return text.replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n').normalize('NFC');
}

/** One line of text: invisible characters removed, spaces collapsed to one, ends trimmed. */
export function cleanLine(text: string): string {
  return text.replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** Inline content that may contain newlines (soft-wrapped prose): everything on one line. */
export function flattenLine(text: string): string {
  return cleanLine(text.replace(/\s*\n\s*/g, ' '));
}

export function isBlank(text: string): boolean {
  return cleanLine(text.replace(/\n/g, ' ')) === '';
}
