import { decodeEntities } from './entities';

// Private-use characters delimit protected spans (code, escapes) while the markup is stripped.
const OPEN = '\ue000';
const CLOSE = '\ue001';
const PROTECTED = /\ue000(\d+)\ue001/g;

const CODE_SPAN = /(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g;
const ESCAPE = /\\([!-/:-@[-`{-~])/g;
const IMAGE = /!\[([^\]]*)\]\((?:[^()\s]|\([^)]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const IMAGE_REF = /!\[([^\]]*)\]\[[^\]]*\]/g;
const LINK = /\[([^\]]+)\]\((?:[^()\s]|\([^)]*\))*(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
const LINK_REF = /\[([^\]]+)\]\[[^\]]*\]/g;
const FOOTNOTE_REF = /\[\^[^\]\s]+\]/g;
const AUTOLINK = /<((?:https?|ftp|mailto):[^<>\s]+|[^<>\s@]+@[^<>\s@]+)>/gi;
const COMMENT = /<!--[\s\S]*?-->/g;
const TAG = /<\/?([A-Za-z][\w:-]*)(?:\s(?:[^<>"']|"[^"]*"|'[^']*')*)?\/?>/g;
const SPACING_TAGS = new Set(['br', 'p', 'div', 'li', 'td', 'th', 'tr', 'hr']);
// Emphasis spans are bounded (300 characters) so stray markers cannot make a long paragraph quadratic.
const STRONG = /(\*\*|__)(?=\S)([\s\S]{0,300}?\S)\1/g;
const STRIKE = /~~(?=\S)([\s\S]{0,300}?\S)~~/g;
const EM_STAR = /(^|[^\w*])\*(?=[^\s*])([\s\S]{0,300}?[^\s*])\*(?![\w*])/g;
const EM_UNDERSCORE = /(^|[^\p{L}\p{N}_])_(?=[^\s_])([\s\S]{0,300}?[^\s_])_(?![\p{L}\p{N}_])/gu;

/**
 * Markdown inline markup to plain words: emphasis markers go, links keep their text, images
 * their alt text, code spans their content, HTML tags vanish, entities and escapes resolve.
 */
export function stripInline(markdown: string): string {
  const kept: string[] = [];
  const protect = (literal: string) => `${OPEN}${kept.push(literal) - 1}${CLOSE}`;
  let text = markdown
    .replace(CODE_SPAN, (_m, _ticks: string, code: string) => protect(code.trim() ? code.replace(/^ (.*) $/s, '$1') : code))
    .replace(ESCAPE, (_m, char: string) => protect(char))
    .replace(COMMENT, '')
    .replace(IMAGE, '$1')
    .replace(IMAGE_REF, '$1')
    .replace(FOOTNOTE_REF, '')
    .replace(LINK, '$1')
    .replace(LINK_REF, '$1')
    .replace(AUTOLINK, (_m, target: string) => protect(target))
    .replace(TAG, (_m, name: string) => (SPACING_TAGS.has(name.toLowerCase()) ? ' ' : ''));
  for (let pass = 0; pass < 2; pass++) {
    // two passes handle emphasis nested in emphasis (***both***, **bold _and italic_**)
    text = text.replace(STRONG, '$2').replace(STRIKE, '$1').replace(EM_STAR, '$1$2').replace(EM_UNDERSCORE, '$1$2');
  }
  text = decodeEntities(text);
  return text.replace(PROTECTED, (_m, i: string) => kept[Number(i)]);
}
