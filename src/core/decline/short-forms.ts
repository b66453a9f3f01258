/**
 * Short forms of names: acronyms a user writes for a phrase the documents print, and the initials
 * of a company's name ("JnJ", "J&J" for Johnson & Johnson).
 */

import { ACRONYM_SHAPE } from '../text';

/** Words of a company's name that do not tell it apart ("Arena Pharmaceuticals" is "Arena"). */
export const CORPORATE_WORDS = /^(?:inc|corp|corporation|company|co|group|holdings?|pharmaceuticals?|technologies|international|plc|ltd|llc|limited|systems|the|and|&)$/i;

/**
 * An acronym spelled out: by capitalised words ("DPL": "Debian Project Leader"), with "of", "and",
 * "for", "the" between them allowed; or, where one of its letters after the first stands for an
 * "and" ("PPNE", "PP&E": "property, plant and equipment"), by words of any case with that "and"
 * printed; or by words of any case listed with commas ("RGB": "red, green, blue, and alpha", a form
 * manuals use; seen on fresh set 9, session 24). Undefined for a name that is no acronym. (Words of
 * any case in running prose for every acronym were tried: over a filing's text "AMD" was found
 * spelled out by chance.)
 */
export function spelledOut(name: string): RegExp | undefined {
  if (!new RegExp(`^${ACRONYM_SHAPE}$`).test(name)) return undefined;
  const joint = String.raw`\s+(?:(?:of|and|for|the|&)\s+)?`;
  const capitalised = [...name].map((ch) => (ch === '&' ? '(?:and|&)' : String.raw`${ch}[\p{Ll}\p{Lu}]+`)).join(joint);
  const lower = (ch: string) => String.raw`[${ch}${ch.toLowerCase()}]\p{L}*`;
  const listed = [...name].every((ch) => /\p{L}/u.test(ch)) ? [...name].map(lower).join(String.raw`,\s*(?:and\s+)?`) : undefined;
  const and = [...name.slice(1)].findIndex((ch) => ch === 'N' || ch === '&') + 1;
  const list = listed ? String.raw`|(?<!\p{L})${listed}(?!\p{L})` : '';
  if (and === 0) return new RegExp(String.raw`\b${capitalised}\b${list}`, 'u');
  const anyCase = [...name].map((ch, k) => (k === and ? '(?:and|&)' : ch === '&' ? '(?:and|&)' : lower(ch))).join(String.raw`[\s,]+`);
  return new RegExp(String.raw`\b${capitalised}\b|(?<!\p{L})${anyCase}(?!\p{L})`, 'u');
}

/** A short form's letters, upper case, where a name is one ("JnJ" → "JJ", "P&G" → "PG", "AMD"); undefined for a word. */
export function shortForm(name: string): string | undefined {
  if (name.length > 6 || /\s/.test(name)) return undefined;
  const capitals = name.replace(/[^A-Z]/g, '');
  return capitals.length >= 2 && capitals.length >= name.replace(/[^\p{L}]/gu, '').length - 1 ? capitals : undefined;
}

/** A name's initials, legal and joining words aside ("Johnson & Johnson" → "JJ"). */
export function initialsOf(name: string): string {
  return name
    .split(/[\s&,.-]+/)
    .filter((w) => w && !CORPORATE_WORDS.test(w) && !/^(?:of|the|and)$/i.test(w))
    .map((w) => w[0].toUpperCase())
    .join('');
}
