/** Reading one printed table cell as a number. */

const DASH = /^[-—–−]+%?$/;
const NUMBER = /^(-|−)?\(?(-|−)?[$€£¥]?\s*(-|−)?\(?((?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)\)?\s*(%|pts?|bps|x)?\)?$/i;

/** A cell's value: null for "—", "n/m" or text; negative for "(1,577)", "$(5)" or "-3.2"; `percent` for "12.5%". */
export function cellValue(raw: string): { value: number | null; percent: boolean; numeric: boolean } {
  const s = raw.replace(/\s+/g, ' ').trim();
  if (DASH.test(s)) return { value: null, percent: s.endsWith('%'), numeric: true };
  const m = s.match(NUMBER);
  if (!m) return { value: null, percent: false, numeric: false };
  const negative = Boolean(m[1] || m[2] || m[3]) || (s.includes('(') && s.includes(')'));
  const magnitude = Number(m[4].replace(/,/g, ''));
  return { value: negative ? -magnitude : magnitude, percent: m[5] === '%', numeric: true };
}

/** A year standing for a column: 1990–2099. */
export function isYear(raw: string): boolean {
  return /^(?:19[89]\d|20\d\d)$/.test(raw.trim());
}
