import type { ParsedDocument } from '../types';
import { DocumentBuilder } from './builder';
import { stripInline } from './markdown-inline';
import { assertHasText, fileStem, readSource, type TextInput } from './source';
import { tableRow } from './table-row';

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_1 = /^ {0,3}=+[ \t]*$/;
const SETEXT_2 = /^ {0,3}-+[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^([ \t]*)([-*+]|\d{1,9}[.)])(?:[ \t]+(.*))?$/;
const TASK_BOX = /^\[[ xX]\][ \t]+/;
const TABLE_SEPARATOR = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
const INDENTED_CODE = /^(?: {4}|\t)/;
const LINK_DEFINITION = /^ {0,3}\[[^\]]+\]:[ \t]*\S/;
const BLOCKQUOTE = /^ {0,3}>[ \t]?/;
const HEADING_ID = /[ \t]*\{#[\w-]+\}$/;

/**
 * Markdown to text. ATX and setext headings build the section path; list items and table rows
 * (cells joined with " | ") become lines of their own; code blocks keep their lines; inline
 * markup is stripped down to its words; front matter is dropped.
 * Title: the first level-1 heading, else the file name.
 */
export function parseMarkdown(input: TextInput, fileName: string): ParsedDocument {
  const source = readSource(input, fileName);
  const reader = new MarkdownReader();
  reader.read(withoutFrontMatter(source.split('\n')));
  const { text, sections } = reader.builder.build();
  assertHasText(text, fileName, 'the note has no text besides markup');
  return { kind: 'markdown', title: reader.builder.firstH1 ?? fileStem(fileName), text, pages: [], sections, warnings: [] };
}

/** YAML ("---") or TOML ("+++") front matter at the very start of the file. */
function withoutFrontMatter(lines: string[]): string[] {
  const fence = lines[0]?.trimEnd();
  if (fence !== '---' && fence !== '+++') return lines;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i].trimEnd();
    if (line === fence || (fence === '---' && line === '...')) return lines.slice(i + 1);
  }
  return lines;
}

class MarkdownReader {
  readonly builder = new DocumentBuilder();
  private paragraph: string[] = [];
  private listItem: string | null = null;
  private inList = false;
  private listOrdered = false;
  private previousBlank = true;

  read(lines: string[]): void {
    for (let i = 0; i < lines.length; i++) i = this.readLine(lines, i);
    this.endParagraph();
    this.endList();
  }

  /** Reads the block starting at line i; returns the index of the last line it consumed. */
  private readLine(lines: string[], i: number): number {
    let line = lines[i];
    while (BLOCKQUOTE.test(line)) line = line.replace(BLOCKQUOTE, '');
    const blank = line.trim() === '';
    const wasBlank = this.previousBlank;
    this.previousBlank = blank;

    if (blank) {
      this.endParagraph();
      if (!this.inList) this.builder.endBlock();
      return i;
    }
    const fence = FENCE.exec(line);
    if (fence) return this.readFencedCode(lines, i, fence[1]);

    const atx = ATX.exec(line);
    if (atx) {
      this.endAll();
      this.builder.heading(atx[1].length, stripInline((atx[2] ?? '').replace(HEADING_ID, '')));
      return i;
    }
    if (this.paragraph.length > 0 && (SETEXT_1.test(line) || SETEXT_2.test(line))) {
      const text = this.paragraph.join(' ');
      this.paragraph = [];
      this.endList();
      this.builder.heading(SETEXT_1.test(line) ? 1 : 2, stripInline(text));
      return i;
    }
    if (THEMATIC_BREAK.test(line)) {
      this.endAll();
      return i;
    }
    if (line.trimStart().startsWith('<!--')) return this.skipComment(lines, i);
    if (line.includes('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '') && lines[i + 1].includes('-')) {
      return this.readTable(lines, i);
    }
    const item = LIST_ITEM.exec(line);
    if (item && (item[3] ?? '').trim() !== '') {
      this.startItem(item[2], item[3], item[1].length < 2);
      return i;
    }
    if (this.inList && this.listItem !== null && (!wasBlank || /^[ \t]{2,}/.test(line))) {
      this.listItem += ` ${line.trim()}`; // continuation of the item
      return i;
    }
    this.endList();
    if (this.paragraph.length === 0 && INDENTED_CODE.test(line)) {
      this.builder.line(line);
      return i;
    }
    if (this.paragraph.length === 0 && LINK_DEFINITION.test(line)) return i;
    this.paragraph.push(line.trim());
    return i;
  }

  private readFencedCode(lines: string[], i: number, fence: string): number {
    this.endAll();
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
    let j = i + 1;
    for (; j < lines.length && !closing.test(lines[j]); j++) this.builder.line(lines[j]);
    this.builder.endBlock();
    return Math.min(j, lines.length - 1);
  }

  private readTable(lines: string[], i: number): number {
    this.endAll();
    this.builder.line(tableRow(splitCells(lines[i]).map(stripInline), true));
    let j = i + 2;
    for (; j < lines.length && lines[j].includes('|') && lines[j].trim() !== ''; j++) {
      this.builder.line(tableRow(splitCells(lines[j]).map(stripInline), true));
    }
    this.builder.endBlock();
    return j - 1;
  }

  private skipComment(lines: string[], i: number): number {
    let j = i;
    while (j < lines.length && !lines[j].includes('-->')) j++;
    const rest = j < lines.length ? lines[j].slice(lines[j].indexOf('-->') + 3) : '';
    if (rest.trim()) this.paragraph.push(rest.trim());
    return Math.min(j, lines.length - 1);
  }

  private startItem(marker: string, content: string, topLevel: boolean): void {
    const ordered = /\d/.test(marker);
    this.endParagraph();
    // a top-level item of the other kind (bullets vs numbers) starts a new list
    if (this.inList && topLevel && ordered !== this.listOrdered) this.endList();
    if (!this.inList) this.builder.endBlock();
    this.flushItem();
    if (!this.inList || topLevel) this.listOrdered = ordered;
    this.inList = true;
    const text = content.trim().replace(TASK_BOX, '');
    this.listItem = ordered ? `${marker.replace(')', '.')} ${text}` : text;
  }

  private flushItem(): void {
    if (this.listItem !== null) this.builder.line(stripInline(this.listItem));
    this.listItem = null;
  }

  private endList(): void {
    if (!this.inList) return;
    this.flushItem();
    this.inList = false;
    this.builder.endBlock();
  }

  private endParagraph(): void {
    if (this.paragraph.length === 0) return;
    this.builder.line(stripInline(this.paragraph.join(' ')));
    this.paragraph = [];
    this.builder.endBlock();
  }

  private endAll(): void {
    this.endParagraph();
    this.endList();
    this.builder.endBlock();
  }
}

/** Cells of a pipe-table row: outer pipes dropped, "\|" kept as a literal pipe. */
function splitCells(row: string): string[] {
  const cells = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '')
    .split(/(?<!\\)\|/);
  return cells.map((cell) => cell.replace(/\\\|/g, '|'));
}
