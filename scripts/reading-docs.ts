/**
 * Fetches a question set's documents from Debian packages, checks each by SHA-256, and lays them
 * out in one folder beside the filings it asks about, so the eval reads them all with one --pdfs
 * and one --docs:
 *
 *   npm run reading:docs -- --financebench $D/pdfs [--set test/reading-set] [--out .cache/reading/pdfs]
 *   npm run reading:docs -- --set test/fresh-set-1 --filings ../shared/data/filings-unseen/pdfs --out .cache/fresh-1
 *   npm run eval -- --questions test/fresh-set-1/questions.jsonl --pdfs .cache/fresh-1 --docs .cache/fresh-1 --configs default
 *
 * A set lists its documents in <set>/documents.json (see DocumentSource). An HTML page may be cut
 * to its main part (`keep`, between two markers) and turned into a Word file (`as: "docx"`) with
 * LibreOffice (`apt-get install libreoffice-writer`): the Word file of a real document, which no
 * package carries. Needs a Debian machine (apt-get, dpkg-deb). Filings are linked, not copied.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

interface DocumentSource {
  /** The file name the questions use (doc_name + extension). */
  name: string;
  /** The Debian package and version that carry it. */
  pkg: string;
  version: string;
  /** Where the file lies inside the package. */
  path: string;
  /** SHA-256 of the file as the package carries it. */
  sha256: string;
  /** For an HTML page: keep the part from the first marker up to the second (the page's main text without its navigation). */
  keep?: [string, string];
  /** Patterns removed from the kept HTML (permalink marks). */
  drop?: string[];
  /** Convert the (kept) HTML page into a Word file. */
  as?: 'docx';
}

const { values } = parseArgs({
  options: {
    set: { type: 'string', default: 'test/reading-set' },
    out: { type: 'string', default: '.cache/reading/pdfs' },
    financebench: { type: 'string' },
    filings: { type: 'string' },
  },
});
const out = resolve(values.out!);
mkdirSync(out, { recursive: true });
const docs = JSON.parse(readFileSync(join(values.set!, 'documents.json'), 'utf8')) as DocumentSource[];

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

for (const doc of docs) {
  const target = join(out, doc.name);
  if (existsSync(target) && (doc.keep || doc.as || sha256(target) === doc.sha256)) {
    console.log(`${doc.name}: present`);
    continue;
  }
  const work = mkdtempSync(join(tmpdir(), 'sieve-reading-'));
  try {
    execFileSync('apt-get', ['download', `${doc.pkg}=${doc.version}`], { cwd: work, stdio: ['ignore', 'ignore', 'inherit'] });
    const deb = readdirSync(work).find((f) => f.endsWith('.deb'));
    if (!deb) throw new Error(`apt-get download ${doc.pkg}=${doc.version} left no .deb`);
    execFileSync('dpkg-deb', ['-x', join(work, deb), join(work, 'x')]);
    const inside = join(work, 'x', doc.path);
    if (inside.endsWith('.gz')) execFileSync('gunzip', ['-f', inside]);
    const file = inside.replace(/\.gz$/, '');
    const sum = sha256(file);
    if (sum !== doc.sha256) throw new Error(`${doc.name}: SHA-256 ${sum}, expected ${doc.sha256}`);
    if (!doc.keep && !doc.as) {
      copyFileSync(file, target);
    } else {
      const html = cut(readFileSync(file, 'utf8'), doc);
      const stem = doc.name.replace(/\.[a-z]+$/, '');
      const page = join(work, `${stem}.html`);
      writeFileSync(page, html);
      if (doc.as === 'docx') {
        execFileSync('soffice', ['--headless', '--writer', '--convert-to', 'docx:MS Word 2007 XML', '--outdir', work, page], {
          stdio: ['ignore', 'ignore', 'inherit'],
          timeout: 180_000,
        });
        copyFileSync(join(work, `${stem}.docx`), target);
      } else copyFileSync(page, target);
    }
    console.log(`${doc.name}: fetched from ${doc.pkg} ${doc.version}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The page's main part, with its title, as a page of its own. */
function cut(html: string, doc: DocumentSource): string {
  let body = html;
  if (doc.keep) {
    const [from, to] = doc.keep;
    const start = html.indexOf(from);
    const end = html.indexOf(to, start + 1);
    if (start < 0 || end < 0) throw new Error(`${doc.name}: the markers ${JSON.stringify(doc.keep)} are not in ${doc.path}`);
    body = html.slice(start, end);
  }
  for (const pattern of doc.drop ?? []) body = body.replace(new RegExp(pattern, 'g'), '');
  const title = /<title>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? doc.name;
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;
}

for (const dir of [values.financebench, values.filings].filter((d): d is string => Boolean(d))) {
  const from = resolve(dir);
  let linked = 0;
  for (const f of readdirSync(from).filter((n) => n.endsWith('.pdf'))) {
    const target = join(out, basename(f));
    if (existsSync(target)) continue;
    symlinkSync(join(from, f), target);
    linked++;
  }
  console.log(`${linked} filings linked from ${from}`);
}
