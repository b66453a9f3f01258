/**
 * What a Word file unpacks to, measured before mammoth reads it: a .docx is a ZIP, and a few
 * hundred kilobytes of it can inflate to hundreds of megabytes of tiny paragraphs, which the tab
 * cannot hold as a document tree. The XML parts are inflated here as a stream, counting bytes,
 * paragraphs and table cells, and the file is refused the moment one passes its limit, so the
 * sizes the ZIP declares are not trusted and nothing large is kept.
 */
import { Unzip, UnzipInflate, UnzipPassThrough } from 'fflate';
import { IngestError } from '../../core/errors';

/** The most the XML parts of a Word file may unpack to, in all (a 1,000-page report is about 30 MB). */
export const MAX_DOCX_XML_BYTES = 64 * 1024 * 1024;
/** The most paragraphs a Word file may hold (about 4,000 pages of 50). */
export const MAX_DOCX_PARAGRAPHS = 200_000;
/** The most table cells a Word file may hold, as for a workbook. */
export const MAX_DOCX_CELLS = 1_000_000;

/** Throws IngestError 'too-large', naming the file and the limit, when a Word file's XML unpacks past a limit above. */
export function checkWordExpansion(bytes: Uint8Array, fileName: string): void {
  let inflated = 0;
  let paragraphs = 0;
  let cells = 0;
  const refuse = (what: string) => {
    throw new IngestError('too-large', fileName, `the Word file unpacks to ${what}, more than can be read here; split it into smaller documents, or save it as PDF.`);
  };
  const unzip = new Unzip((file) => {
    if (!/\.xml$/i.test(file.name)) return;
    // A tag may straddle two chunks: the last few characters of one are read again with the next.
    let tail = '';
    file.ondata = (err, chunk) => {
      if (err) throw err;
      inflated += chunk.length;
      if (inflated > MAX_DOCX_XML_BYTES) refuse(`more than ${MAX_DOCX_XML_BYTES / 1024 / 1024} MB of data`);
      const text = tail + LATIN1.decode(chunk);
      paragraphs += count(text, /<w:p[\s>/]/g, tail.length);
      cells += count(text, /<w:tc[\s>/]/g, tail.length);
      tail = text.slice(-5);
      if (paragraphs > MAX_DOCX_PARAGRAPHS) refuse(`more than ${MAX_DOCX_PARAGRAPHS.toLocaleString('en-US')} paragraphs`);
      if (cells > MAX_DOCX_CELLS) refuse(`more than ${MAX_DOCX_CELLS.toLocaleString('en-US')} table cells`);
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  unzip.register(UnzipPassThrough);
  try {
    unzip.push(bytes, true);
  } catch (e) {
    if (e instanceof IngestError) throw e;
    // A damaged archive is mammoth's to report, with its own words.
  }
}

/** One character per byte: the tags counted are ASCII, whatever the text's encoding. */
const LATIN1 = new TextDecoder('latin1');

/** Counts the matches that end in the new part of `text`, after the `carried` characters read before. */
function count(text: string, re: RegExp, carried: number): number {
  let n = 0;
  for (const m of text.matchAll(re)) if (m.index + m[0].length > carried) n++;
  return n;
}
