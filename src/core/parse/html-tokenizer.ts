/**
 * A small, forgiving HTML tokenizer: text, start tags and end tags, in order. Comments,
 * doctypes, processing instructions and CDATA are dropped; the content of raw-text elements
 * (script, style, title…) arrives as one text token, markup inside it left as text. Attributes are skipped, never kept.
 */
interface HtmlHandler {
  /** Text between tags, not entity-decoded. */
  text(text: string): void;
  open(name: string, selfClosing: boolean): void;
  close(name: string): void;
}

const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes']);

export function tokenizeHtml(html: string, handler: HtmlHandler): void {
  const n = html.length;
  let pos = 0;
  while (pos < n) {
    const lt = html.indexOf('<', pos);
    if (lt < 0) {
      handler.text(html.slice(pos));
      break;
    }
    if (lt > pos) handler.text(html.slice(pos, lt));
    pos = readMarkup(html, lt, handler);
  }
}

/** Handles the markup at `lt` (a "<") and returns where text resumes. */
function readMarkup(html: string, lt: number, handler: HtmlHandler): number {
  const next = html.charAt(lt + 1);
  if (html.startsWith('<!--', lt)) return skipPast(html, lt + 4, '-->');
  if (html.startsWith('<![CDATA[', lt)) return skipPast(html, lt + 9, ']]>');
  if (next === '!' || next === '?') return skipPast(html, lt + 2, '>');
  const closing = next === '/';
  const nameStart = closing ? lt + 2 : lt + 1;
  if (!isLetter(html.charCodeAt(nameStart))) {
    if (closing) return skipPast(html, nameStart, '>'); // "</ >" and the like: a bogus comment
    handler.text('<');
    return lt + 1;
  }
  let nameEnd = nameStart;
  while (nameEnd < html.length && !/[\s/>]/.test(html[nameEnd])) nameEnd++;
  const name = html.slice(nameStart, nameEnd).toLowerCase();
  const { end, selfClosing } = tagEnd(html, nameEnd);
  if (closing) {
    handler.close(name);
    return end;
  }
  handler.open(name, selfClosing);
  if (!RAW_TEXT.has(name) || selfClosing) return end;
  const closeAt = indexOfEndTag(html, name, end);
  const contentEnd = closeAt < 0 ? html.length : closeAt;
  if (contentEnd > end) handler.text(html.slice(end, contentEnd));
  if (closeAt < 0) return html.length;
  handler.close(name);
  return skipPast(html, closeAt + 2 + name.length, '>');
}

/** Finds the ">" that ends a tag, skipping quoted attribute values (a quote counts only right after "="). */
function tagEnd(html: string, from: number): { end: number; selfClosing: boolean } {
  let quote = '';
  let afterEquals = false;
  for (let i = from; i < html.length; i++) {
    const c = html[i];
    if (quote) {
      if (c === quote) quote = '';
    } else if (afterEquals && (c === '"' || c === "'")) {
      quote = c;
      afterEquals = false;
    } else if (c === '>') {
      return { end: i + 1, selfClosing: html[i - 1] === '/' };
    } else if (c === '=') {
      afterEquals = true;
    } else if (!/\s/.test(c)) {
      afterEquals = false;
    }
  }
  return { end: html.length, selfClosing: false };
}

function skipPast(html: string, from: number, terminator: string): number {
  const at = html.indexOf(terminator, from);
  return at < 0 ? html.length : at + terminator.length;
}

/** Offset of the first "</name" (any case) at or after `from`, or -1. */
function indexOfEndTag(html: string, name: string, from: number): number {
  const pattern = new RegExp(`</${name}(?=[\\s/>]|$)`, 'gi');
  pattern.lastIndex = from;
  return pattern.exec(html)?.index ?? -1;
}

function isLetter(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
}
