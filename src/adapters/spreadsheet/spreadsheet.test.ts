import { describe, expect, it } from 'vitest';
import { buildXlsx } from '../../../scripts/fixtures/xlsx';
import { writeZip } from '../../../scripts/fixtures/zip';
import { readTables } from '../../core/tables';
import { parseSpreadsheet, readWorkbook } from '.';

const enc = (text: string) => new TextEncoder().encode(text);

describe('readWorkbook', () => {
  it('reads every sheet in order, cells placed by their reference, as Excel shows them', () => {
    const bytes = buildXlsx([
      {
        name: 'Summary',
        rows: [
          ['Segment', 'FY2023', 'FY2022', 'Margin'],
          ['Retail & Online', 1250.5, 1190, { percent: 0.1234 }],
          ['Wholesale', null, 0.1 + 0.2, { percent: 0.5 }],
        ],
      },
      { name: 'Dates', rows: [['Closed on', { date: 45382 }]] },
    ]);
    expect(readWorkbook(bytes, 'results.xlsx')).toEqual([
      {
        name: 'Summary',
        rows: [
          ['Segment', 'FY2023', 'FY2022', 'Margin'],
          ['Retail & Online', '1250.5', '1190', '12.34%'],
          ['Wholesale', '', '0.3', '50%'],
        ],
      },
      { name: 'Dates', rows: [['Closed on', '2024-03-31']] },
    ]);
  });

  it('says which kind of file it is when it cannot be read: password-protected, old format, damaged', () => {
    const ole = (stream: string) => {
      const bytes = new Uint8Array(2048);
      bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
      [...stream].forEach((ch, i) => (bytes[600 + i * 2] = ch.charCodeAt(0)));
      return bytes;
    };
    expect(() => readWorkbook(ole('EncryptedPackage'), 'locked.xlsx')).toThrow(/^locked\.xlsx: the workbook is password-protected/);
    expect(() => readWorkbook(ole('Workbook'), 'old.xlsx')).toThrow(/^old\.xlsx: this is an old-format Excel file \(\.xls\)/);
    expect(() => readWorkbook(enc('not a workbook at all'), 'fake.xlsx')).toThrow(/^fake\.xlsx: the file is not a valid Excel workbook/);
    expect(() => readWorkbook(writeZip([{ name: 'hello.txt', data: 'hi' }]), 'zip.xlsx')).toThrow(/^zip\.xlsx: .*no workbook part/);
    const truncated = buildXlsx([{ name: 'S', rows: [['a']] }]).slice(0, 200);
    expect(() => readWorkbook(truncated, 'cut.xlsx')).toThrow(/^cut\.xlsx: the workbook could not be (unpacked|read)/);
  });
});

/** A workbook from its parts as given: only a workbook, its relations and one sheet, plus any `extra` parts. */
function rawWorkbook(sheetXml: string, extra: Array<{ name: string; data: string }> = []) {
  return writeZip([
    { name: 'xl/workbook.xml', data: '<workbook xmlns:r="r"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>' },
    { name: 'xl/_rels/workbook.xml.rels', data: '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>' },
    { name: 'xl/worksheets/sheet1.xml', data: `<worksheet><sheetData>${sheetXml}</sheetData></worksheet>` },
    ...extra,
  ]);
}

describe('readWorkbook: parts and sizes', () => {
  it('reads a workbook of numbers only, which has no shared strings or styles part', () => {
    expect(readWorkbook(rawWorkbook('<row r="1"><c r="A1"><v>3</v></c><c r="B1"><v>4.5</v></c></row>'), 'numbers.xlsx')).toEqual([{ name: 'S', rows: [['3', '4.5']] }]);
  });

  it('shows a time or duration format as hours and minutes, not as a date', () => {
    const styles = { name: 'xl/styles.xml', data: '<styleSheet><cellXfs><xf numFmtId="0"/><xf numFmtId="20"/><xf numFmtId="14"/></cellXfs></styleSheet>' };
    const rows = readWorkbook(rawWorkbook('<row r="1"><c r="A1" s="1"><v>0.5</v></c><c r="B1" s="2"><v>45382</v></c></row>', [styles]), 't.xlsx')[0].rows;
    expect(rows).toEqual([['12:00', '2024-03-31']]);
  });

  it('counts the empty cells a sparse sheet would need against the cell limit', () => {
    const sparse = Array.from({ length: 70 }, (_, r) => `<row r="${r + 1}"><c r="A${r + 1}"><v>1</v></c><c r="XFD${r + 1}"><v>2</v></c></row>`).join('');
    expect(() => readWorkbook(rawWorkbook(sparse), 'sparse.xlsx')).toThrow(/^sparse\.xlsx: the workbook holds more than 1,000,000 cells/);
    expect(() => readWorkbook(rawWorkbook('<row r="1048576"><c r="A1048576"><v>1</v></c></row>'), 'far.xlsx')).toThrow(/more than 1,000,000 cells/);
  });
});

describe('readWorkbook: expansion', () => {
  it('refuses a small workbook whose cells point at one huge shared string, before the text is built', () => {
    const huge = 'x'.repeat(4 * 1024 * 1024);
    const strings = { name: 'xl/sharedStrings.xml', data: `<sst><si><t>${huge}</t></si></sst>` };
    const cells = (n: number) => `<row r="1">${Array.from({ length: n }, (_, i) => `<c r="A${i + 1}" t="s"><v>0</v></c>`).join('')}</row>`;
    const bomb = rawWorkbook(cells(100), [strings]);
    expect(bomb.length).toBeLessThan(64 * 1024);
    expect(() => readWorkbook(bomb, 'bomb.xlsx')).toThrow(
      /^bomb\.xlsx: the workbook's cells hold more than 8,000,000 characters of text \(a text repeated in many cells counts each time\)/,
    );
    // One cell of it is read.
    expect(readWorkbook(rawWorkbook(cells(1), [strings]), 'one.xlsx')[0].rows[0][0]).toHaveLength(huge.length);
  });
});

describe('parseSpreadsheet', () => {
  it('makes each sheet a section and each row a table row whose numbers core/tables reads by column', () => {
    const bytes = buildXlsx([
      {
        name: 'Income statement',
        rows: [
          ['(in millions)', '2023', '2022'],
          ['Net sales', 4210, 3975],
          ['Operating income', 512, null, 'note'],
        ],
      },
      { name: 'Notes', rows: [['Prepared by the finance team.']] },
    ]);
    const doc = parseSpreadsheet(bytes, 'Acme results.xlsx');
    expect(doc).toMatchObject({ kind: 'spreadsheet', title: 'Acme results' });
    expect(doc.text).toContain('Net sales | 4210 | 3975');
    // An empty cell keeps its column's place.
    expect(doc.text).toContain('Operating income | 512 | | note');
    expect(doc.sections.map((s) => s.path.at(-1))).toEqual(expect.arrayContaining(['Income statement', 'Notes']));
    const tables = readTables(doc.text, doc.pages);
    const sales = tables.flatMap((t) => t.rows).find((r) => r.label === 'Net sales');
    expect(sales?.cells.map((c) => c.value)).toEqual([4210, 3975]);
  });

  it('reads CSV and TSV, guessing the delimiter, with or without a byte-order mark', () => {
    const csv = parseSpreadsheet(enc('\uFEFFItem,Unit,"Price, EUR"\n"Pot, 30 cm",each,14.50\n\n'), 'prices.csv');
    expect(csv.text).toContain('Pot, 30 cm | each | 14.50');
    expect(parseSpreadsheet(enc('Item;Price\nSeeds;5,40\n'), 'semi.csv').text).toContain('Seeds | 5,40');
    expect(parseSpreadsheet(enc('Item\tPrice\nCan\t23.00\n'), 'tabs.tsv').text).toContain('Can | 23.00');
    // An older export in windows-1252 ("Café" with é as one byte) is read as such.
    expect(parseSpreadsheet(new Uint8Array([...enc('Item,Price\nCaf'), 0xe9, ...enc(',3.20\n')]), 'menu.csv').text).toContain('Café | 3.20');
    // A CSV whose first column is headed "PK" is still text.
    expect(parseSpreadsheet(enc('PK,Name,Value\n1,Pot,14.50\n'), 'keys.csv').text).toContain('1 | Pot | 14.50');
  });

  it('refuses a spreadsheet with no filled cells, naming the file', () => {
    expect(() => parseSpreadsheet(enc(',,\n,,\n'), 'blank.csv')).toThrow(/^blank\.csv: the spreadsheet has no filled cells/);
    expect(() => parseSpreadsheet(buildXlsx([{ name: 'Empty', rows: [] }]), 'blank.xlsx')).toThrow(/^blank\.xlsx: the spreadsheet has no filled cells/);
  });
});
