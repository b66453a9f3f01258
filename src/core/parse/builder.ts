import type { SectionSpan } from '../types';
import { cleanLine } from '../text';

interface OpenHeading {
  level: number;
  text: string;
}

/**
 * Assembles a parser's output text: blocks separated by "\n\n", lines inside a block by "\n",
 * and a section span per heading (from the heading to the last text before the next one),
 * whose path is the chain of enclosing headings.
 */
export class DocumentBuilder {
  private parts: string[] = [];
  private length = 0;
  private blockOpen = false;
  private headings: OpenHeading[] = [];
  private sections: SectionSpan[] = [];
  private firstTopHeading: string | null = null;

  /** Adds a heading as its own block and opens a section; `level` 1 is the outermost. */
  heading(level: number, raw: string): void {
    const text = cleanLine(raw);
    if (!text) return;
    this.endBlock();
    while (this.headings.length > 0 && this.headings[this.headings.length - 1].level >= level) this.headings.pop();
    this.headings.push({ level, text });
    if (level === 1 && this.firstTopHeading === null) this.firstTopHeading = text;
    const start = this.append(text, '\n\n');
    this.sections.push({ start, end: this.length, path: this.headings.map((h) => h.text) });
    this.endBlock();
  }

  /** Adds one line (a paragraph, list item, table row…) to the current block; blank lines are dropped. */
  line(raw: string): void {
    const text = cleanLine(raw);
    if (!text) return;
    this.append(text, this.blockOpen ? '\n' : '\n\n');
    this.blockOpen = true;
    const section = this.sections[this.sections.length - 1];
    if (section) section.end = this.length; // a section ends where its last line ends
  }

  /** Ends the current block; the next line starts a new paragraph. */
  endBlock(): void {
    this.blockOpen = false;
  }

  /** Text of the first level-1 heading, a natural document title. */
  get firstH1(): string | null {
    return this.firstTopHeading;
  }

  build(): { text: string; sections: SectionSpan[] } {
    return { text: this.parts.join(''), sections: this.sections.map((s) => ({ ...s, path: [...s.path] })) };
  }

  private append(text: string, separator: string): number {
    if (this.length > 0) {
      this.parts.push(separator);
      this.length += separator.length;
    }
    const start = this.length;
    this.parts.push(text);
    this.length += text.length;
    return start;
  }
}
