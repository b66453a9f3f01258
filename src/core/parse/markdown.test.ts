import { describe, expect, it } from 'vitest';
import { IngestError } from '../errors';
import { parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('drops front matter and takes the title from the first H1', () => {
    const doc = parseMarkdown('---\ntitle: Ignored\n---\nIntro.\n\n# Field Guide\n\nText.', 'notes.md');
    expect(doc.title).toBe('Field Guide');
    expect(doc.text).toBe('Intro.\n\nField Guide\n\nText.');
    expect(doc.kind).toBe('markdown');
  });

  it('falls back to the file name for the title', () => {
    expect(parseMarkdown('## Only H2\n\ntext', 'dir/My Notes.markdown').title).toBe('My Notes');
  });

  it('builds section paths from ATX and setext headings', () => {
    const md = '# Guide #\n\nA\n\n## Habitat {#hab}\n\nB\n\n### Bark\n\nC\n\nSetext Two\n----------\n\nD\n\nSetext One\n==========\n\nE';
    const doc = parseMarkdown(md, 'a.md');
    expect(doc.sections.map((s) => s.path)).toEqual([['Guide'], ['Guide', 'Habitat'], ['Guide', 'Habitat', 'Bark'], ['Guide', 'Setext Two'], ['Setext One']]);
    expect(doc.sections.map((s) => doc.text.slice(s.start, s.end))).toEqual(['Guide\n\nA', 'Habitat\n\nB', 'Bark\n\nC', 'Setext Two\n\nD', 'Setext One\n\nE']);
  });

  it('joins soft-wrapped paragraph lines and strips inline markup', () => {
    expect(parseMarkdown('Lichens grow **slowly**,\nabout `1 mm` per [year](x).\n\nNext.', 'a.md').text).toBe('Lichens grow slowly, about 1 mm per year.\n\nNext.');
  });

  it('puts each list item on its own line, with continuations, task boxes and ordered numbers', () => {
    const md = 'Intro:\n- Bark of oaks\n- Rocks near the coast\n  that face north\n* [x] Roof tiles\n  - nested\n\n1. Collect\n2) Dry\n\nAfter.';
    expect(parseMarkdown(md, 'a.md').text).toBe('Intro:\n\nBark of oaks\nRocks near the coast that face north\nRoof tiles\nnested\n\n1. Collect\n2. Dry\n\nAfter.');
  });

  it('keeps a loose list (blank lines between items) in one block', () => {
    expect(parseMarkdown('- one\n\n- two\n\nPara.', 'a.md').text).toBe('one\ntwo\n\nPara.');
  });

  it('turns a table into one line per row, dropping the separator row', () => {
    const md = '| Species | Colour | Growth |\n|:--|:-:|--:|\n| *Xanthoria* | orange | 2 mm |\n| Cladonia |  | 1 mm |\nAfter';
    expect(parseMarkdown(md, 'a.md').text).toBe('Species | Colour | Growth\nXanthoria | orange | 2 mm\nCladonia | | 1 mm\n\nAfter');
  });

  it('reads tables without outer pipes and keeps escaped pipes inside cells', () => {
    expect(parseMarkdown('a | b\n--- | ---\nx \\| y | 2', 'a.md').text).toBe('a | b\nx | y | 2');
  });

  it('keeps code block lines as lines, without the fences', () => {
    const md = 'Before.\n\n```js\nconst x = 1;\n\n  return x;\n```\n\n    indented code\n\nAfter.';
    expect(parseMarkdown(md, 'a.md').text).toBe('Before.\n\nconst x = 1;\nreturn x;\n\nindented code\n\nAfter.');
  });

  it('does not read headings or lists inside code blocks', () => {
    const doc = parseMarkdown('~~~\n# not a heading\n- not an item\n~~~', 'a.md');
    expect(doc.sections).toEqual([]);
    expect(doc.text).toBe('# not a heading\n- not an item');
  });

  it('unwraps block quotes and drops thematic breaks, comments and link definitions', () => {
    const md = '> Quoted\n> wisdom.\n\n***\n\n<!-- hidden\nstill hidden -->\n[atlas]: https://example.org\nEnd.';
    expect(parseMarkdown(md, 'a.md').text).toBe('Quoted wisdom.\n\nEnd.');
  });

  it('rejects empty notes and notes without text', () => {
    expect(() => parseMarkdown(new Uint8Array(0), 'empty.md')).toThrowError(IngestError);
    expect(() => parseMarkdown(' \n\n  ', 'blank.md')).toThrowError(/blank\.md: .*blank space/);
    expect(() => parseMarkdown('---\ntitle: x\n---\n\n***\n', 'fm.md')).toThrowError(/no text/);
  });

  it('decodes UTF-8 bytes', () => {
    expect(parseMarkdown(new TextEncoder().encode('# Café\n\nŒuvre'), 'a.md').text).toBe('Café\n\nŒuvre');
  });
});
