/**
 * Spreadsheets as documents: an Excel workbook (.xlsx) or a CSV/TSV file becomes one section per
 * sheet (named by the sheet), each row a table row "cell | cell | cell", so core/tables reads
 * the cells back as numbers and figure questions work on them as on a filing's tables. The rows
 * go through the HTML parser as a table, the same path as a Word document's tables.
 */
import Papa from 'papaparse';
import { IngestError } from '../../core/errors';
import { assertHasBytes, decodeBytes, fileStem, parseHtml, toBytes } from '../../core/parse';
import type { ParsedDocument } from '../../core/types';
import { readWorkbook, type Sheet } from './xlsx';

export { MAX_CELLS, MAX_XLSX_CHARS, MAX_XLSX_XML_BYTES, readWorkbook, type Sheet } from './xlsx';

/** Reads a workbook (.xlsx, by its ZIP bytes) or a delimited text file (CSV, TSV). */
export function parseSpreadsheet(input: ArrayBuffer | Uint8Array, fileName: string): ParsedDocument {
  assertHasBytes(input, fileName);
  const bytes = toBytes(input);
  // A .csv or .tsv file is text, whatever its first letters ("PK,Name,…"); otherwise a workbook by its name or signature.
  const delimited = /\.(?:csv|tsv)$/i.test(fileName) || (!/\.xlsx$/i.test(fileName) && !isZipOrOle(bytes));
  const sheets = delimited ? [{ name: '', rows: readDelimited(bytes, fileName) }] : readWorkbook(bytes, fileName);
  const filled = sheets.map((s) => ({ ...s, rows: trimmed(s.rows) })).filter((s) => s.rows.length > 0);
  if (filled.length === 0) throw new IngestError('empty', fileName, 'the spreadsheet has no filled cells, so there is nothing to add.');
  const title = fileStem(fileName);
  // Empty cells keep their place, so each value stays under its column's header.
  const doc = parseHtml(sheetsHtml(title, filled), fileName, { keepEmptyCells: true });
  return { ...doc, kind: 'spreadsheet', title };
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function isZipOrOle(bytes: Uint8Array): boolean {
  return [ZIP, OLE].some((magic) => magic.every((b, i) => bytes[i] === b));
}

/** CSV or TSV rows; papaparse guesses the delimiter (comma, semicolon, tab, pipe). */
function readDelimited(bytes: Uint8Array, fileName: string): string[][] {
  // As text files are read: a byte-order mark decides, else UTF-8, else windows-1252 (older spreadsheet exports).
  const text = decodeBytes(bytes);
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] });
  const broken = parsed.errors.find((e) => e.type === 'Quotes');
  if (parsed.data.length === 0 && broken) throw new IngestError('corrupt', fileName, `the CSV could not be read (${broken.message} in row ${(broken.row ?? 0) + 1}).`);
  return parsed.data.map((row) => row.map((cell) => cell.trim()));
}

/** Rows without trailing empty cells, and without rows left empty. */
function trimmed(rows: string[][]): string[][] {
  return rows
    .map((row) => {
      let end = row.length;
      while (end > 0 && !row[end - 1]) end--;
      return row.slice(0, end);
    })
    .filter((row) => row.length > 0);
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The sheets as one HTML document: the title, then each sheet's name as a heading over its rows.
 * Lines of one cell above the sheet's first row of several cells, or below its last, are its
 * notes (a title, a source line) and stay paragraphs; the rows from the first to the last row of
 * several cells are its table.
 */
function sheetsHtml(title: string, sheets: Sheet[]): string {
  const parts = [`<h1>${escapeHtml(title)}</h1>`];
  const paragraph = (row: string[]) => `<p>${escapeHtml(row.join(' '))}</p>`;
  for (const sheet of sheets) {
    if (sheet.name) parts.push(`<h2>${escapeHtml(sheet.name)}</h2>`);
    const wide = sheet.rows.map((row) => row.length > 1);
    const first = wide.indexOf(true);
    const last = wide.lastIndexOf(true);
    if (first < 0) {
      parts.push(...sheet.rows.map(paragraph));
      continue;
    }
    parts.push(...sheet.rows.slice(0, first).map(paragraph), '<table>');
    for (const row of sheet.rows.slice(first, last + 1)) parts.push(`<tr>${row.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`);
    parts.push('</table>', ...sheet.rows.slice(last + 1).map(paragraph));
  }
  return parts.join('\n');
}
