import { describe, expect, it } from 'vitest';
import { askedComparison } from './question';
import { compareGrids, offeredItems } from './grid';
import { cellNumber, readGrids } from '../tables';

const MANUAL = `8.1. Numeric Types

Table 8.2. Numeric Types

Name | Storage Size | Description | Range
smallint | 2 bytes | small-range integer | -32768 to +32767
integer | 4 bytes | typical choice for integer | -2147483648 to +2147483647
real | 4 bytes | variable-precision, inexact | 6 decimal digits precision
double precision | 8 bytes | variable-precision, inexact | 15 decimal digits precision
smallserial | 2 bytes | small autoincrementing integer | 1 to 32767
serial | 4 bytes | autoincrementing integer | 1 to 2147483647
bigserial | 8 bytes | large autoincrementing integer | 1 to 9223372036854775807`;

const compare = (question: string, text = MANUAL) => compareGrids(question, askedComparison(question)!, [{ docId: 'manual', grids: readGrids(text) }]);

describe('readGrids and cellNumber', () => {
  it('reads a table of text cells with its caption, header and offsets', () => {
    const [g] = readGrids(MANUAL);
    expect(g.title).toBe('Table 8.2. Numeric Types');
    expect(g.header?.cells.map((c) => c.text)).toEqual(['Name', 'Storage Size', 'Description', 'Range']);
    expect(g.rows).toHaveLength(7);
    const cell = g.rows[4].cells[1];
    expect(MANUAL.slice(cell.start, cell.end)).toBe('2 bytes');
  });

  it('keeps rows printed without their trailing empty cells, not a row whose numbers moved into another column', () => {
    const codes = `Type code | C Type | Python Type | Minimum size in bytes | Notes
'b' | signed char | int | 1
'u' | wchar_t | Unicode character | 2 | (1)
'i' | signed int | int | 2
'q' | signed long long | int | 8
'd' | double | float | 8`;
    expect(offeredItems("With standard sizes, which takes more bytes: 'l' (long) or 'q' (long long)?")).toEqual(['l', 'q']);
    const [g] = readGrids(codes);
    expect(g.rows.map((r) => r.cells.length)).toEqual([5, 5, 5, 5, 5]);
    expect(g.rows[0].cells[4]).toMatchObject({ text: '' });
    expect(compare("Which type code has the larger minimum size, 'i' or 'q'?", codes)?.ranked[0].name).toBe("'q'");
    // A row whose footnote mark is its last cell: the mark goes to the Notes column, not under the size.
    const marked = codes.replace("'b' | signed char | int | 1", "'x' | pad byte | no value | (7)");
    expect(readGrids(marked)[0].rows[0].cells.map((c) => c.text)).toEqual(["'x'", 'pad byte', 'no value', '', '(7)']);
    // A row missing an inner cell ("8" under C Type) ends the table there.
    const shifted = codes.replace("'q' | signed long long | int | 8", "'q' | 8 | 8");
    expect(readGrids(shifted)[0].rows.map((r) => r.cells[0].text)).toEqual(["'b'", "'u'", "'i'"]);
  });

  it('finds an offered row whose label ends the item ("the maximum number of query parameters"), reading "larger" as the direction, not a column', () => {
    const limits = `Table K.1. PostgreSQL Limitations

Item | Upper Limit | Comment
columns per table | 1,600 | further limited by tuple size
CHECK constraints per table | 32,767 | constrained by the size of pg_class.relchecks
columns in a result set | 1,664
query parameters | 65,535`;
    const r = compare('Which is larger, the maximum number of query parameters or the maximum number of CHECK constraints per table?', limits);
    expect(r?.ranked.map((x) => x.name)).toEqual(['query parameters', 'CHECK constraints per table']);
    expect(r?.columns).toBe('“Upper Limit”');
  });

  it('leaves out sizes that grow with a variable when ranking ("16+16n bytes")', () => {
    const shapes = `Name | Storage Size | Description
point | 16 bytes | Point on a plane
line | 24 bytes | Infinite line
path | 16+16n bytes | Closed path
circle | 24 bytes | Circle`;
    const r = compare('Among the fixed-size geometric types, which one has the smallest storage size?', shapes);
    expect(r?.ranked.map((x) => x.name)).toEqual(['point', 'line', 'circle']);
  });

  it('reads the number a cell states, a range by its upper end', () => {
    expect(cellNumber('2 bytes')).toBe(2);
    expect(cellNumber('Character with 16-bit hex value xxxx')).toBe(16);
    expect(cellNumber('10-25%')).toBe(25);
    expect(cellNumber('1,228,800 bytes')).toBe(1228800);
    expect(cellNumber('variable')).toBeUndefined();
    expect(cellNumber('16+16n bytes')).toBeUndefined();
    expect(cellNumber('40 + 16n bytes')).toBeUndefined();
    expect(cellNumber('2 bytes + 1 if null')).toBe(2);
  });
});

describe('compareGrids: tables of any document', () => {
  it('compares the rows the question names by the column it names, and says which table and column', () => {
    const c = compare('Which PostgreSQL serial type has the smallest storage size?')!;
    expect(c.ranked.map((r) => r.name)).toEqual(['smallserial', 'serial', 'bigserial']);
    expect(c.table).toBe('“Table 8.2. Numeric Types”');
    expect(c.columns).toBe('“Storage Size”');
    expect(c.ranked[0].cells[0].raw).toBe('2 bytes');
  });

  it('compares the items a question offers, by a column whose cells hold its words', () => {
    expect(offeredItems('In Postgres, which type gives more decimal digits of precision: real or double precision?')).toEqual(['real', 'double precision']);
    const c = compare('In Postgres, which type gives more decimal digits of precision: real or double precision?')!;
    expect(c.ranked.map((r) => [r.name, r.value])).toEqual([
      ['double precision', 15],
      ['real', 6],
    ]);
  });

  it('finds nothing where no column holds what is asked, or the top rows tie', () => {
    expect(compare('Which numeric type has the highest popularity?')).toBeUndefined();
    expect(compare('Which takes more storage: smallint or smallserial?')).toBeUndefined();
  });

  it('property: for generated tables the winner is the row with the extreme value in the named column, and its cited cell prints it', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let t = 0; t < 60; t++) {
      const n = 3 + Math.floor(random() * 6);
      const values = Array.from({ length: n }, (_, i) => Math.round(random() * 1000) + i / 10);
      const latency = Array.from({ length: n }, () => Math.round(random() * 50));
      const text = `Table ${t}. Packages\n\nPackage | Downloads | Latency (ms)\n${values.map((v, i) => `pkg-${i} | ${v.toLocaleString('en-US')} | ${latency[i]}`).join('\n')}`;
      const max = random() < 0.5;
      const question = `Which package has the ${max ? 'most' : 'fewest'} downloads?`;
      const c = compareGrids(question, askedComparison(question)!, [{ docId: 'd', grids: readGrids(text) }])!;
      const best = max ? Math.max(...values) : Math.min(...values);
      expect(c.ranked[0].name).toBe(`pkg-${values.indexOf(best)}`);
      expect(c.columns).toBe('“Downloads”');
      const cell = c.ranked[0].cells[0];
      expect(Number(text.slice(cell.start, cell.end).replace(/,/g, ''))).toBe(best);
    }
  });
});

describe('compareGrids: a column named by its cells’ unit, or the table’s one column of numbers', () => {
  const LAYOUT = `Table 7.3. BlockHeader Layout

Field | Type | Length | Description
bh_lsn | RecordPtr | 8 bytes | position of the last change
bh_flags | uint16 | 2 bytes | flag bits
bh_lower | Offset | 6 bytes | start of free space
bh_prune | TxId | 4 bytes | oldest unpruned id`;

  it('reads the column whose numbers all print the unit the question asks for ("the most bytes")', () => {
    const c = compare('Which field of the BlockHeader struct occupies the most bytes?', LAYOUT)!;
    expect(c.ranked[0].name).toBe('bh_lsn');
    expect(c.columns).toBe('“Length”');
  });

  it('reads the one column of numbers when the question names no measure, and nothing when the table has several', () => {
    expect(compare('Which field of the block header is the smallest?', LAYOUT)?.ranked.map((r) => r.name)).toEqual(['bh_flags', 'bh_prune', 'bh_lower', 'bh_lsn']);
    const twoNumbers = LAYOUT.replace('Length | Description', 'Length | Offset').replace(/\| ([a-z ]+)$/gm, (_, d: string) => `| ${d.length}`);
    expect(compare('Which field of the block header is the smallest?', twoNumbers)).toBeUndefined();
  });
});
