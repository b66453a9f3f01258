import type { ParsedDocument, SectionSpan } from '../types';
import { flattenLine } from '../text';
import { DocumentBuilder } from './builder';
import { decodeEntities } from './entities';
import { tokenizeHtml } from './html-tokenizer';
import { assertHasText, fileStem, readSource, type TextInput } from './source';
import { tableRow } from './table-row';

/** Elements whose content is never text of the document. */
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'iframe', 'object', 'canvas', 'select', 'noembed', 'noframes']);

/** Elements that end a paragraph (inside a list or table they end a line; inside a cell they are a space). */
const BLOCKS = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'body',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'header',
  'hgroup',
  'hr',
  'html',
  'legend',
  'main',
  'menu',
  'nav',
  'p',
  'pre',
  'section',
  'summary',
  'caption',
]);

const HEAD_CONTENT = new Set(['head', 'meta', 'link', 'title', 'style', 'script', 'base', 'noscript', 'template']);

const LIST_ITEMS = new Set(['li', 'dt', 'dd']);
const LISTS = new Set(['ul', 'ol', 'dl', 'menu', 'dir']);
const HEADING = /^h([1-6])$/;

interface TableState {
  row: string[] | null;
  cell: string | null;
}

/**
 * HTML to text without a DOM (so it runs in Node and in workers). Markup is never kept or run.
 * Title: <title>, else the first <h1>, else the file name.
 */
export function parseHtml(input: TextInput, fileName: string, options: { keepEmptyCells?: boolean } = {}): ParsedDocument {
  const source = readSource(input, fileName, typeof input === 'string' ? undefined : sniffCharset(input));
  const walker = new HtmlWalker(options.keepEmptyCells);
  tokenizeHtml(source, walker);
  const { text, sections, title } = walker.finish();
  assertHasText(text, fileName, 'the page has no visible text');
  return { kind: 'html', title: title || fileStem(fileName), text, pages: [], sections, warnings: [] };
}

/** The charset a page declares in a <meta> tag within its first 1024 bytes, if any. */
function sniffCharset(input: ArrayBuffer | Uint8Array): string | undefined {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const head = String.fromCharCode(...bytes.subarray(0, 1024));
  return /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
}

class HtmlWalker {
  /** Empty cells keep their column's place in a row (a spreadsheet's grid), instead of being dropped. */
  constructor(private readonly keepEmptyCells = false) {}

  private readonly builder = new DocumentBuilder();
  private line = '';
  private skipDepth = 0;
  private inHead = false;
  private preDepth = 0;
  private listDepth = 0;
  private readonly tables: TableState[] = [];
  private heading: { level: number; text: string } | null = null;
  private title: string | null = null;
  private titleText: string | null = null;

  text(raw: string): void {
    if (this.titleText !== null) {
      this.titleText += decodeEntities(raw);
      return;
    }
    if (this.skipDepth > 0) return;
    const text = decodeEntities(raw);
    const table = this.currentTable();
    if (this.heading) this.heading.text += text;
    else if (table?.cell != null) table.cell += text;
    else if (this.preDepth > 0) this.appendPre(text);
    else this.line += text;
  }

  open(name: string, selfClosing: boolean): void {
    // A <title> counts in the head or body, not inside skipped content such as <svg>.
    if (name === 'title' && this.title === null && !selfClosing && this.skipDepth === (this.inHead ? 1 : 0)) {
      this.titleText = '';
      return;
    }
    // <body>, or any element that cannot be in <head>, ends a head whose </head> is missing
    if (this.inHead && this.skipDepth === 1 && (name === 'body' || !HEAD_CONTENT.has(name))) this.leaveHead();
    if (SKIPPED.has(name)) {
      if (selfClosing) return;
      if (name === 'head') this.inHead = true;
      this.skipDepth++;
      return;
    }
    if (this.skipDepth > 0) return;
    this.structure(name, true);
  }

  close(name: string): void {
    if (name === 'title' && this.titleText !== null) {
      this.title = flattenLine(this.titleText);
      this.titleText = null;
      return;
    }
    if (SKIPPED.has(name)) {
      if (name === 'head') {
        if (this.inHead) this.leaveHead();
      } else if (this.skipDepth > 0) this.skipDepth--;
      return;
    }
    if (this.skipDepth > 0) return;
    this.structure(name, false);
  }

  finish(): { text: string; sections: SectionSpan[]; title: string } {
    if (this.titleText !== null) this.title = flattenLine(this.titleText);
    while (this.tables.length > 0) this.closeTable();
    this.endHeading();
    this.endParagraph();
    const { text, sections } = this.builder.build();
    return { text, sections, title: this.title || this.builder.firstH1 || '' };
  }

  private structure(name: string, opening: boolean): void {
    const level = HEADING.exec(name);
    if (level) {
      if (this.inCell()) return this.cellSpace();
      this.endHeading();
      if (opening) {
        this.endParagraph();
        this.heading = { level: Number(level[1]), text: '' };
      }
      return;
    }
    switch (name) {
      case 'br':
        if (this.heading) this.heading.text += ' ';
        else if (this.inCell()) this.cellSpace();
        else if (this.preDepth > 0) this.appendPre('\n');
        else this.endLine();
        return;
      case 'table':
        return opening ? this.openTable() : this.closeTable();
      case 'tr':
        return this.endRow();
      case 'td':
      case 'th':
        return opening ? this.openCell() : this.endCell();
      case 'pre':
        this.boundary();
        this.preDepth = Math.max(0, this.preDepth + (opening ? 1 : -1));
        return;
    }
    if (LISTS.has(name)) {
      const outermost = opening ? this.listDepth === 0 : this.listDepth <= 1;
      this.listDepth = Math.max(0, this.listDepth + (opening ? 1 : -1));
      if (this.inCell()) return this.cellSpace();
      return outermost && this.tables.length === 0 ? this.endParagraph() : this.endLine();
    }
    if (LIST_ITEMS.has(name)) return this.inCell() ? this.cellSpace() : this.endLine();
    if (BLOCKS.has(name)) this.boundary();
  }

  /** A block boundary: a space inside a cell, a line end inside a list or table, else a paragraph end. */
  private boundary(): void {
    if (this.heading) this.heading.text += ' ';
    else if (this.inCell()) this.cellSpace();
    else if (this.listDepth > 0 || this.tables.length > 0) this.endLine();
    else this.endParagraph();
  }

  private appendPre(text: string): void {
    const lines = text.split('\n');
    this.line += lines[0];
    for (let i = 1; i < lines.length; i++) {
      this.endLine();
      this.line = lines[i];
    }
  }

  private endHeading(): void {
    if (!this.heading) return;
    this.builder.heading(this.heading.level, flattenLine(this.heading.text));
    this.heading = null;
  }

  private endLine(): void {
    const line = flattenLine(this.line);
    this.line = '';
    if (line) this.builder.line(line);
  }

  private endParagraph(): void {
    this.endLine();
    this.builder.endBlock();
  }

  private leaveHead(): void {
    this.inHead = false;
    this.skipDepth = Math.max(0, this.skipDepth - 1);
  }

  private currentTable(): TableState | undefined {
    return this.tables[this.tables.length - 1];
  }

  private inCell(): boolean {
    return this.currentTable()?.cell != null;
  }

  private cellSpace(): void {
    const table = this.currentTable();
    if (table && table.cell != null) table.cell += ' ';
  }

  /** A table inside a cell ends the outer row so far; its own rows become lines of their own. */
  private openTable(): void {
    this.endHeading();
    if (this.inCell()) this.endRow();
    else if (this.tables.length === 0 && this.listDepth === 0) this.endParagraph();
    else this.endLine();
    this.tables.push({ row: null, cell: null });
  }

  private closeTable(): void {
    this.endRow();
    this.tables.pop();
    if (this.tables.length === 0 && this.listDepth === 0) this.endParagraph();
  }

  private openCell(): void {
    const table = this.currentTable();
    if (!table) return this.boundary();
    this.endCell();
    table.row ??= [];
    table.cell = '';
  }

  private endCell(): void {
    const table = this.currentTable();
    if (!table || table.cell == null) return;
    (table.row ??= []).push(table.cell);
    table.cell = null;
  }

  private endRow(): void {
    const table = this.currentTable();
    if (!table) return this.boundary();
    this.endCell();
    this.endLine(); // text that sat in the table outside any cell (a caption)
    const row = table.row ? tableRow(table.row, this.keepEmptyCells) : '';
    table.row = null;
    if (row) this.builder.line(row);
  }
}
