import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isIngestError } from '../errors';
import { segmentSentences } from '../text';
import { detectKind } from './detect';
import { parseHtml } from './html';
import { parseMarkdown } from './markdown';
import { parsePlainText } from './text';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../../e2e/fixtures/${name}`, import.meta.url)));

describe('e2e fixtures', () => {
  it('detects every fixture kind', () => {
    const kinds = ['notes.md', 'page.html', 'memo.docx', 'empty.txt', 'blank.md', 'image.png', 'blank.png', 'scanned.pdf'].map((name) =>
      detectKind(name, '', fixture(name).subarray(0, 4096)),
    );
    expect(kinds).toEqual(['markdown', 'html', 'docx', 'text', 'markdown', 'image', 'image', 'pdf']);
  });

  it('parses notes.md into sections with searchable sentences', () => {
    const doc = parseMarkdown(fixture('notes.md'), 'notes.md');
    expect(doc.title).toBe('Orchard Beekeeping Notes');
    expect(doc.sections.map((s) => s.path.join(' > '))).toEqual([
      'Orchard Beekeeping Notes',
      'Orchard Beekeeping Notes > Hives',
      'Orchard Beekeeping Notes > Harvest',
      'Orchard Beekeeping Notes > Harvest > Treatments',
    ]);
    const sentences = segmentSentences(doc.text).map((s) => s.text);
    expect(sentences).toContain('2023 | 212 | Lime blossom flow in July');
    expect(sentences).toContain('Hive 3 swarmed on 11 June and was re-queened a week later.');
    expect(sentences).toContain('The apiary holds 14 hives, all of them Langstroth boxes painted pale green.');
  });

  it('parses page.html without its scripts, styles or markup', () => {
    const doc = parseHtml(fixture('page.html'), 'page.html');
    expect(doc.title).toBe('Tidewater Ferry – Winter Timetable');
    expect(doc.text).not.toMatch(/[<>]|console|font-family/);
    expect(doc.text).toContain('\n07:10 | Gull Point | Esker Island\n');
    expect(doc.text).toContain('Adult single: €6.50\nChild single: €3.00');
    expect(doc.sections.map((s) => s.path)).toEqual([['Tidewater Ferry'], ['Tidewater Ferry', 'Winter timetable'], ['Tidewater Ferry', 'Fares']]);
  });

  it('rejects the empty and blank fixtures as empty', () => {
    for (const [name, parse] of [
      ['empty.txt', parsePlainText],
      ['blank.md', parseMarkdown],
    ] as const) {
      let error: unknown;
      try {
        parse(fixture(name), name);
      } catch (e) {
        error = e;
      }
      expect(isIngestError(error) && error.code === 'empty' && error.fileName === name).toBe(true);
    }
  });
});
