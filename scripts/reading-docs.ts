/**
 * Fetches the reading set's non-financial documents (test/reading-set/README.md) from Debian
 * packages, checks each by SHA-256, and lays them out beside the FinanceBench filings in one
 * folder, so the eval reads them all with one --pdfs:
 *
 *   npm run reading:docs -- --financebench $D/pdfs [--out .cache/reading/pdfs]
 *   npm run eval -- --questions test/reading-set/questions.jsonl --pdfs .cache/reading/pdfs --configs default
 *
 * Needs a Debian machine (apt-get, dpkg-deb). The filings are linked, not copied.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

interface ReadingDoc {
  /** The file name the questions use (doc_name + ".pdf"). */
  name: string;
  /** The Debian package and version that carry it. */
  pkg: string;
  version: string;
  /** Where the PDF lies inside the package. */
  path: string;
  sha256: string;
}

const DOCS: ReadingDoc[] = [
  {
    name: 'DEBIAN_HISTORY.pdf',
    pkg: 'debian-history',
    version: '2.28',
    path: 'usr/share/doc/debian-history/docs/project-history.en.pdf',
    sha256: 'd3d263affc69ec9c994fe1d06b3cf7dddb78f84e24849d87a4aefe3a4ed15e77',
  },
  {
    name: 'REPORTLAB_USER_GUIDE.pdf',
    pkg: 'python-reportlab-doc',
    version: '3.6.12-1+deb12u1',
    path: 'usr/share/doc/python-reportlab-doc/reportlab-userguide.pdf',
    sha256: '91ad5429d7b2907b8efefd7b95facfe2fb01ec31b8cefb024e47b0a7ac713420',
  },
  {
    name: 'LME4_PAPER.pdf',
    pkg: 'r-cran-lme4',
    version: '1.1-31-1',
    path: 'usr/lib/R/site-library/lme4/doc/lmer.pdf',
    sha256: 'd13d6caf549b44c3543d01a7445c327ac472d266a8aee24f68a8d31d45d02ec9',
  },
];

const { values } = parseArgs({ options: { out: { type: 'string', default: '.cache/reading/pdfs' }, financebench: { type: 'string' } } });
const out = resolve(values.out!);
mkdirSync(out, { recursive: true });

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

for (const doc of DOCS) {
  const target = join(out, doc.name);
  if (existsSync(target) && sha256(target) === doc.sha256) {
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
    const pdf = inside.replace(/\.gz$/, '');
    const sum = sha256(pdf);
    if (sum !== doc.sha256) throw new Error(`${doc.name}: SHA-256 ${sum}, expected ${doc.sha256}`);
    copyFileSync(pdf, target);
    console.log(`${doc.name}: fetched from ${doc.pkg} ${doc.version}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (values.financebench) {
  const dir = resolve(values.financebench);
  let linked = 0;
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.pdf'))) {
    const target = join(out, basename(f));
    if (existsSync(target)) continue;
    symlinkSync(join(dir, f), target);
    linked++;
  }
  console.log(`${linked} filings linked from ${dir}`);
}
