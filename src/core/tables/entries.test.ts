import { describe, expect, it } from 'vitest';
import { entryNamed, readEntries } from './entries';

/** A Sphinx manual as the Word and HTML parsers print it: marked headings, a one-row table under each parameter. */
const SPHINX = [
  'Module Parameters¶',
  '',
  'TimeRequery¶',
  '',
  'type | default | mandatory',
  'integer | 2 | no',
  '',
  'How often the time is queried.',
  '',
  'BatchSize¶',
  '',
  'type | default | mandatory',
  'integer | 32 | no',
  '',
  'The most messages one call reads.',
  '',
  'Input Parameters¶',
  '',
  'Port¶',
  '',
  'type | default | mandatory',
  'array | 514 | yes',
  '',
  'The ports to listen on.',
].join('\n');

/** An option list whose fields follow each name on its row. */
const INLINE = [
  '1. Private options',
  '',
  'file | Use: autoreply | Type: string | Default: unset',
  '',
  'The file to send.',
  '',
  'mode | Use: autoreply | Type: octal integer | Default: 0600',
  '',
  'The mode of files it creates.',
  '',
  'once_repeat | Use: autoreply | Type: time | Default: 0s',
].join('\n');

/** An API reference: a marked name line, then field lines with blank lines between. */
const API = [
  'os.arch()#',
  '',
  'Added in: v0.5.0',
  '',
  'Returns: <string>',
  '',
  'Returns the CPU architecture.',
  '',
  'os.setPriority([pid, ]priority)#',
  '',
  'Added in: v10.10.0',
  '',
  'Sets the priority.',
].join('\n');

/** A directive's name, then rows of a field and its value. */
const DIRECTIVE = [
  'AcceptFilter Directive',
  '',
  'Description: | Configures optimizations for listener sockets',
  'Syntax: | AcceptFilter protocol filter',
  'Default: | none',
  '',
  'The directive enables filters.',
].join('\n');

describe('readEntries', () => {
  it('reads a heading over a one-row table as an entry, and a heading that opens none as the next run’s title', () => {
    const grids = readEntries(SPHINX);
    expect(grids.map((g) => g.title)).toEqual(['Module Parameters', 'Input Parameters']);
    expect(grids[0].header!.cells.map((c) => c.text)).toEqual(['', 'type', 'default', 'mandatory']);
    expect(grids[0].rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['TimeRequery', 'integer', '2', 'no'],
      ['BatchSize', 'integer', '32', 'no'],
    ]);
    expect(grids[1].rows[0].cells[0].text).toBe('Port');
  });

  it('gives every cell the offsets of its text (shifted by the text’s own offset)', () => {
    for (const [text, offset] of [
      [SPHINX, 0],
      [INLINE, 100],
      [API, 7],
      [DIRECTIVE, 3],
    ] as const) {
      for (const g of readEntries(text, offset)) for (const r of g.rows) for (const c of r.cells) if (c.text) expect(text.slice(c.start - offset, c.end - offset)).toBe(c.text);
    }
  });

  it('reads rows that open with a name and hold only fields', () => {
    const [grid] = readEntries(INLINE);
    expect(grid.title).toBe('1. Private options');
    expect(grid.header!.cells.map((c) => c.text)).toEqual(['', 'Use', 'Type', 'Default']);
    expect(grid.rows.map((r) => `${r.cells[0].text}=${r.cells[3].text}`)).toEqual(['file=unset', 'mode=0600', 'once_repeat=0s']);
  });

  it('reads field lines under a marked name, blank lines between, and leaves a field unprinted empty', () => {
    const [grid] = readEntries(API);
    expect(grid.header!.cells.map((c) => c.text)).toEqual(['', 'Added in', 'Returns']);
    expect(grid.rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      ['os.arch()', 'v0.5.0', '<string>'],
      ['os.setPriority([pid, ]priority)', 'v10.10.0', ''],
    ]);
  });

  it('reads rows of a field and its value under a name', () => {
    const [grid] = readEntries(DIRECTIVE);
    expect(grid.rows[0].cells.map((c) => c.text)).toEqual(['AcceptFilter Directive', 'Configures optimizations for listener sockets', 'AcceptFilter protocol filter', 'none']);
  });

  it('reads no entry from prose, from a table of several rows, or from a sentence that opens with a label', () => {
    expect(readEntries('Results\n\nThe model fits well. Note: see below.\n\nmodel | AIC | BIC\nA | 10 | 12\nB | 11 | 13')).toEqual([]);
    expect(readEntries('Summary\n\nNote: this sentence runs on for well over eight words before it ends.')).toEqual([]);
  });
});

describe('entryNamed', () => {
  const grids = [...readEntries(SPHINX), ...readEntries(INLINE), ...readEntries(API)];

  it('reads the field the question names of the one entry it names', () => {
    const found = entryNamed('What is the default BatchSize for imudp?', grids)!;
    expect(found.row.cells[0].text).toBe('BatchSize');
    expect(found.fields.map((f) => `${f.key.text}=${f.value.text}`)).toEqual(['default=32']);
    expect(entryNamed('What port does an input listen on by default?', grids)!.fields[0].value.text).toBe('514');
    expect(entryNamed('In which version was os.setPriority added?', grids)!.fields[0].value.text).toBe('v10.10.0');
    expect(entryNamed('What are the defaults of once_repeat?', grids)!.fields[0].value.text).toBe('0s');
  });

  it('reads nothing when no field is named, when two entries are, or when a key word is the question’s verb', () => {
    expect(entryNamed('What does BatchSize do?', grids)).toBeUndefined();
    expect(entryNamed('Is the default of mode or file larger?', grids)).toBeUndefined();
    expect(entryNamed('Which library does the once option use?', grids)).toBeUndefined();
    // A name inside a longer word or name is not named.
    expect(entryNamed('What is the default BatchSizes2 value?', grids)).toBeUndefined();
  });
});
