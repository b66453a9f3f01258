/**
 * Documents for the eval and lab scripts, by name: `<name>.pdf` under --pdfs, else a Markdown,
 * HTML, plain-text or Word file `<name>.<ext>` under --docs, parsed with the app's parsers.
 */
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parsePdf } from '../src/adapters/pdf/node';
import { parseDocx } from '../src/adapters/docx/parse-docx';
import type { ParsedDocument } from '../src/core/types';
import { parseFile } from '../src/services/parse-file';

/** parseArgs options for the document folders. */
export const DOCUMENT_OPTIONS = {
  pdfs: { type: 'string' },
  docs: { type: 'string' },
} as const;

const DOC_EXTENSIONS = ['md', 'markdown', 'txt', 'text', 'html', 'htm', 'docx'];

/** The path of document `name`: a PDF in `pdfs`, else the first of DOC_EXTENSIONS found in `docs`. */
export async function documentPath(name: string, dirs: { pdfs?: string; docs?: string }): Promise<string> {
  const candidates = [...(dirs.pdfs ? [join(dirs.pdfs, `${name}.pdf`)] : []), ...(dirs.docs ? DOC_EXTENSIONS.map((ext) => join(dirs.docs!, `${name}.${ext}`)) : [])];
  for (const path of candidates) {
    if (
      await access(path).then(
        () => true,
        () => false,
      )
    )
      return path;
  }
  throw new Error(`no document "${name}" (looked for ${candidates.join(', ') || 'nothing: give --pdfs or --docs'})`);
}

/** Reads and parses document `name` (see documentPath). */
export async function readDocument(name: string, dirs: { pdfs?: string; docs?: string }): Promise<ParsedDocument> {
  const path = await documentPath(name, dirs);
  const file = path.split(/[\\/]/).pop()!;
  return parseFile({ pdf: (b, n) => parsePdf(b, n), docx: parseDocx }, new Uint8Array(await readFile(path)), file, '', () => {}, new AbortController().signal);
}
