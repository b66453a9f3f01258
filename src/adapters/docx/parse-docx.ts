import mammoth from 'mammoth';
import { IngestError, isIngestError } from '../../core/errors';
import { parseHtml, assertHasBytes, toBytes } from '../../core/parse';
import type { ParsedDocument } from '../../core/types';
import { checkWordContainer } from './container';
import { checkWordExpansion } from './expansion';

/** Word's Title style becomes a top-level heading too (mammoth maps "Heading 1"–"Heading 6" itself). */
const STYLE_MAP = ["p[style-name='Title'] => h1:fresh"];

/** Images carry no text we can read; an empty converter also skips base64-encoding them. */
const SKIP_IMAGES = mammoth.images.imgElement(() => Promise.resolve({ src: '' }));

/** The "↑" links mammoth puts after each footnote and endnote, pointing back to the reference. */
const NOTE_BACKLINK = /<a href="#[^"]*-ref-[^"]*">\u2191<\/a>/g;

/**
 * A .docx file to text: mammoth turns the Word XML into simple HTML (headings from Word's
 * heading styles, lists, tables), which the HTML parser then reads.
 * Throws IngestError: 'empty' (no bytes or no text), 'encrypted', 'unsupported' (a legacy .doc),
 * 'too-large' (it unpacks past a limit of checkWordExpansion), 'corrupt' (anything mammoth cannot open).
 */
export async function parseDocx(input: ArrayBuffer | Uint8Array, fileName: string): Promise<ParsedDocument> {
  assertHasBytes(input, fileName);
  const bytes = toBytes(input);
  checkWordContainer(bytes, fileName);
  checkWordExpansion(bytes, fileName);
  const html = await toHtml(bytes, fileName);
  try {
    const doc = parseHtml(html.replace(NOTE_BACKLINK, ''), fileName);
    return { ...doc, kind: 'docx' };
  } catch (e) {
    if (isIngestError(e) && e.code === 'empty') {
      throw new IngestError('empty', fileName, 'the Word document contains no text, so there is nothing to add.');
    }
    throw e;
  }
}

async function toHtml(bytes: Uint8Array, fileName: string): Promise<string> {
  const arrayBuffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  // mammoth's Node build reads `buffer`, its browser build (chosen by bundlers through the
  // package's "browser" field) reads `arrayBuffer`; both accept an ArrayBuffer.
  const source = { arrayBuffer, buffer: arrayBuffer } as unknown as { arrayBuffer: ArrayBuffer };
  try {
    const result = await mammoth.convertToHtml(source, { styleMap: STYLE_MAP, convertImage: SKIP_IMAGES });
    return result.value;
  } catch (e) {
    const cause = e instanceof Error ? e.message : String(e);
    throw new IngestError('corrupt', fileName, `the Word file could not be read; it may be damaged or not really a .docx (${cause}). Try opening it in Word and saving it again.`);
  }
}
