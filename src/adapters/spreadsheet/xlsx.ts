/**
 * An Excel workbook (.xlsx) read as sheets of cell texts: fflate unzips it (synchronously, so no
 * helper worker is started), saxen reads its XML parts. Each cell is written as Excel would show
 * its value in the essentials: shared and inline strings as they are, numbers in full precision,
 * percentages as "12.5%", dates as "2024-03-31", TRUE/FALSE, and error values ("#DIV/0!").
 * Formulas are not evaluated: the value Excel saved with the file is read.
 */
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { IngestError } from '../../core/errors';
import { MAX_DOCUMENT_CHARS } from '../../core/ingest';
import { readXml } from './xml';
import { officeContainer } from '../docx/container';
import { cellText, isDateFormat, isTimeFormat, type NumberFormat } from './cell-format';

export interface Sheet {
  name: string;
  /** Rows top to bottom, each its cells' texts left to right ('' for an empty cell). */
  rows: string[][];
}

/** What the parts of a workbook may unpack to, in all: past this it is refused as too large (or a zip bomb). */
export const MAX_XLSX_XML_BYTES = 200 * 1024 * 1024;
/** The most cells read from a workbook: a document of more would not be read usefully anyway. */
export const MAX_CELLS = 1_000_000;
/**
 * The most characters a workbook's cells may hold, each cell counted with the text it shows: one
 * shared string repeated across cells counts each time (an 8 KB file can point a thousand cells
 * at one 4 MB string). A document longer than this is refused after reading anyway.
 */
export const MAX_XLSX_CHARS = MAX_DOCUMENT_CHARS;

/** Reads every sheet of the workbook, in the workbook's order. Throws IngestError naming the file and the cause. */
export function readWorkbook(bytes: Uint8Array, fileName: string): Sheet[] {
  checkContainer(bytes, fileName);
  const parts = unpack(bytes, fileName);
  const xml = (path: string) => (parts[path] ? new TextDecoder().decode(parts[path]) : undefined);
  const workbook = xml('xl/workbook.xml');
  if (!workbook) throw new IngestError('corrupt', fileName, 'the file is not a valid Excel workbook (.xlsx): it has no workbook part; it may be damaged or misnamed.');
  try {
    // A part a workbook may leave out (no text cells: no shared strings; no styles; an empty sheet) reads as empty.
    const part = <T>(path: string, read: (xml: string) => T, empty: T): T => {
      const text = xml(path);
      return text ? read(text) : empty;
    };
    const { sheets, date1904 } = readSheetList(workbook, xml('xl/_rels/workbook.xml.rels') ?? '');
    const strings = part('xl/sharedStrings.xml', readSharedStrings, []);
    const formats = part('xl/styles.xml', readCellFormats, []);
    const budget = { cells: MAX_CELLS, chars: MAX_XLSX_CHARS };
    return sheets.map(({ name, path }) => ({ name, rows: part(path, (x) => readSheet(x, { strings, formats, date1904 }, budget, fileName), []) }));
  } catch (e) {
    if (e instanceof IngestError) throw e;
    throw new IngestError('corrupt', fileName, `the workbook could not be read (${e instanceof Error ? e.message : String(e)}); it may be damaged.`);
  }
}

/** A workbook is a ZIP; a password-protected one is an OLE file holding "EncryptedPackage"; other OLE files are old .xls. */
function checkContainer(bytes: Uint8Array, fileName: string): void {
  const container = officeContainer(bytes);
  if (container === 'zip') return;
  if (container === 'encrypted') {
    throw new IngestError('encrypted', fileName, 'the workbook is password-protected. Remove the password in Excel (File › Info › Protect Workbook), save, and add it again.');
  }
  if (container === 'legacy') throw new IngestError('unsupported', fileName, 'this is an old-format Excel file (.xls). Save it as .xlsx or CSV and add it again.');
  throw new IngestError('corrupt', fileName, 'the file is not a valid Excel workbook (.xlsx); it may be damaged or misnamed.');
}

/** The XML parts, refusing a workbook whose parts would unpack past MAX_XLSX_XML_BYTES before inflating any. */
function unpack(bytes: Uint8Array, fileName: string): Record<string, Uint8Array> {
  let total = 0;
  const wanted = (file: UnzipFileInfo) => {
    if (!/\.(xml|rels)$/i.test(file.name)) return false;
    total += file.originalSize;
    if (total > MAX_XLSX_XML_BYTES) {
      throw new IngestError(
        'too-large',
        fileName,
        `the workbook unpacks to more than ${MAX_XLSX_XML_BYTES / 1024 / 1024} MB of data; split it into smaller files, or save the sheets you need as CSV.`,
      );
    }
    return true;
  };
  try {
    return unzipSync(bytes, { filter: wanted });
  } catch (e) {
    if (e instanceof IngestError) throw e;
    throw new IngestError('corrupt', fileName, `the workbook could not be unpacked (${e instanceof Error ? e.message : String(e)}); it may be damaged.`);
  }
}

/** Sheet names and their parts' paths, in workbook order; and whether dates count from 1904. */
function readSheetList(workbook: string, rels: string): { sheets: Array<{ name: string; path: string }>; date1904: boolean } {
  const targets = new Map<string, string>();
  if (rels) readXml(rels, { open: (name, a) => name === 'Relationship' && a.Id && a.Target && targets.set(a.Id, a.Target) });
  const sheets: Array<{ name: string; path: string }> = [];
  let date1904 = false;
  readXml(workbook, {
    open(name, a) {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name !== 'sheet') return;
      const target = targets.get(a.id ?? '');
      if (target) sheets.push({ name: a.name ?? `Sheet ${sheets.length + 1}`, path: target.startsWith('/') ? target.slice(1) : `xl/${target}` });
    },
  });
  return { sheets, date1904 };
}

/** The shared strings: each <si>'s text runs joined (phonetic guides left out). */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string | undefined;
  let inText = false;
  let phonetic = 0;
  readXml(xml, {
    open(name) {
      if (name === 'si') current = '';
      else if (name === 'rPh') phonetic++;
      else if (name === 't') inText = true;
    },
    close(name) {
      if (name === 'si') strings.push(current ?? '');
      else if (name === 'rPh') phonetic--;
      else if (name === 't') inText = false;
    },
    text(text) {
      if (inText && phonetic === 0 && current !== undefined) current += text;
    },
  });
  return strings;
}

/** Each cell style's number format, by style index (cellXfs order). */
function readCellFormats(xml: string): NumberFormat[] {
  const codes = new Map<number, string>();
  const formats: NumberFormat[] = [];
  let inCellXfs = false;
  readXml(xml, {
    open(name, a) {
      if (name === 'numFmt') codes.set(Number(a.numFmtId), a.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        const code = codes.get(id) ?? '';
        const time = isTimeFormat(id, code);
        formats.push({ percent: id === 9 || id === 10 || /%/.test(code.replace(/"[^"]*"/g, '')), date: !time && isDateFormat(id, code), time });
      }
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats;
}

interface SheetContext {
  strings: string[];
  formats: NumberFormat[];
  date1904: boolean;
}

/** A sheet's rows of cell texts; cells are placed by their reference ("C7"), so gaps stay gaps. */
function readSheet(xml: string, context: SheetContext, budget: { cells: number; chars: number }, fileName: string): string[][] {
  const rows: string[][] = [];
  let row: string[] | undefined;
  let cell: { column: number; type: string; style: number; value: string } | undefined;
  let inValue = false;
  // Empty rows and cells put in to keep places count against the budget too, so a sparse sheet cannot fill memory.
  const charge = (n: number) => {
    budget.cells -= n;
    if (budget.cells < 0)
      throw new IngestError('too-large', fileName, `the workbook holds more than ${MAX_CELLS.toLocaleString('en-US')} cells; split it, or save the sheets you need as CSV.`);
  };
  readXml(xml, {
    open(name, a) {
      if (name === 'row') {
        // Rows are numbered ("r"); rows left out of the part are empty.
        const at = Number(a.r) - 1;
        if (Number.isInteger(at) && at > rows.length) charge(at - rows.length);
        if (Number.isInteger(at)) while (rows.length < at) rows.push([]);
        rows.push((row = []));
      } else if (name === 'c' && row) {
        cell = { column: a.r ? columnIndex(a.r) : row.length, type: a.t ?? 'n', style: Number(a.s ?? 0), value: '' };
      } else if (cell && (name === 'v' || name === 't')) inValue = true;
    },
    close(name) {
      if (name === 'v' || name === 't') inValue = false;
      else if (name === 'c' && cell && row) {
        charge(1 + Math.max(0, cell.column - row.length));
        while (row.length < cell.column) row.push('');
        const text = cellText(cell, context);
        budget.chars -= text.length;
        if (budget.chars < 0)
          throw new IngestError(
            'too-large',
            fileName,
            `the workbook's cells hold more than ${MAX_XLSX_CHARS.toLocaleString('en-US')} characters of text (a text repeated in many cells counts each time); split it, or save the sheets you need as CSV.`,
          );
        row[cell.column] = text;
        cell = undefined;
      } else if (name === 'row') row = undefined;
    },
    text(text) {
      if (inValue && cell) cell.value += text;
    },
  });
  return rows;
}

/** "C7" → 2; "AB12" → 27. */
function columnIndex(reference: string): number {
  let n = 0;
  for (const ch of reference.toUpperCase()) {
    const code = ch.charCodeAt(0);
    if (code < 65 || code > 90) break;
    n = n * 26 + (code - 64);
  }
  return Math.max(0, n - 1);
}
