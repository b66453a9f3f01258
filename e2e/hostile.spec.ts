import { test, expect, type Page } from '@playwright/test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PdfWriter, pdfString } from '../scripts/fixtures/pdf-writer';
import { addFiles, ask, collectPageErrors, documentRows, openApp, search, waitForAnswer, waitForJobs } from './helpers';

/**
 * Documents whose text, file names and titles carry markup and script payloads are shown as
 * text in every view, and nothing in them runs. The page's Content-Security-Policy would block
 * inline handlers anyway; it is bypassed here so that the test checks the rendering itself.
 */
test.use({ bypassCSP: true });

const RUN = 'window.__pwned=1';
/** Each payload carries the class or id "pwn", so that an element made from it can be found. */
const IMG = `<img src=x class=pwn onerror=${RUN}>`;
const SCRIPT = `<script id=pwn>${RUN}</script>`;
const SVG = `<svg id=pwn onload=${RUN}><circle r=4></circle></svg>`;
const JS_LINK = `<a class=pwn href="javascript:${RUN}">harbour chart</a>`;
const MD_LINK = `[pilot roster](javascript:${RUN})`;
const RLO = '\u202e';
const ZW = '\u200b';
const LONG_WORD = `Breakwater${'x'.repeat(4000)}`;

/** Sentences a question and a search can find, each beside payloads. */
const TEXT_BODY = [
  `${IMG} The pilots logged 412 vessel calls at the northern pier during the spring tides.`,
  `${SCRIPT} The dredging contract for the outer channel was signed with Tideway Marine.`,
  `${SVG} ${JS_LINK} ${MD_LINK} The harbour master keeps the tonnage ledger in the east office.`,
  `Invoice ${RLO}gnp.exe${'\u202c'} and zero${ZW}width${'\u200d'}joiners appear in the customs notes.`,
  `${LONG_WORD} ends the customs notes.`,
].join('\n\n');

const MARKDOWN = `# ${IMG} Harbour ledger

${TEXT_BODY}

${SCRIPT}

<iframe class=pwn src="javascript:${RUN}"></iframe>
`;

const HTML = `<!doctype html><html><head><title>&lt;img src=x class=pwn onerror=${RUN}&gt; harbour page</title></head>
<body><h1>&lt;script&gt;${RUN}&lt;/script&gt; Harbour page</h1>
<p>${IMG} The pilots logged 412 vessel calls at the northern pier.</p>
<script>${RUN}</script>
<p><a href="javascript:${RUN}" onclick="${RUN}">harbour chart</a> The tonnage ledger lists the dredging contract.</p>
<p>&lt;img src=x class=pwn onerror=${RUN}&gt; escaped markup stays text in the pilots' notes.</p>
${SVG}
</body></html>`;

/** A PDF whose text and title are the payloads (Latin-1 only: the standard fonts' encoding). */
function hostilePdf(): Uint8Array {
  const pdf = new PdfWriter();
  const catalog = pdf.reserve();
  const pages = pdf.reserve();
  const font = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const lines = [
    `${IMG} The pilots logged 412 vessel calls at the northern pier.`,
    `${SCRIPT} The dredging contract was signed with Tideway Marine.`,
    `${MD_LINK} The tonnage ledger is kept in the east office.`,
  ];
  const ops = lines.map((l, i) => `BT /F1 8 Tf 40 ${740 - i * 14} Td ${pdfString(l)} Tj ET`).join('\n');
  const content = pdf.addStream('', ops);
  const page = pdf.add(`<< /Type /Page /Parent ${pages} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`);
  pdf.set(pages, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  pdf.set(catalog, `<< /Type /Catalog /Pages ${pages} 0 R >>`);
  const info = pdf.add(`<< /Title ${pdfString(`${IMG} Harbour PDF`)} >>`);
  return pdf.build({ root: catalog, info });
}

/** File names with payloads ('/' cannot be in a file name). */
const NAMES = {
  text: `${RLO}dm.harbour <b class=pwn>notes<b>.txt`,
  markdown: `<img src=x class=pwn onerror=${RUN}>.md`,
  html: `<svg id=pwn onload=${RUN}>.html`,
  pdf: `"><script id=pwn>${RUN}<script>.pdf`,
};

interface Watch {
  dialogs: string[];
  requests: string[];
  errors: string[];
}

/** Records dialogs and every request that leaves the page's origin (blob: and data: stay inside). */
function watch(page: Page, origin: string): Watch {
  const w: Watch = { dialogs: [], requests: [], errors: collectPageErrors(page) };
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    const url = r.url();
    if (!url.startsWith(origin) && !url.startsWith('blob:') && !url.startsWith('data:')) w.requests.push(url);
    // An <img src=x> made from a payload would ask the origin for /x.
    else if (new URL(url).pathname === '/x') w.requests.push(url);
  });
  return w;
}

/** Nothing from a payload became an element, a handler ran, or a javascript: link appeared. */
async function expectInert(page: Page, w: Watch, where: string) {
  const found = await page.evaluate(() => ({
    pwned: (window as { __pwned?: unknown }).__pwned ?? null,
    elements: [...document.querySelectorAll('.pwn, #pwn, [onerror], [onload], [onclick], iframe, object, embed, script:not([src])')].map((e) => e.outerHTML.slice(0, 120)),
    links: [...document.querySelectorAll('a[href], [src]')].map((e) => e.getAttribute('href') ?? e.getAttribute('src') ?? '').filter((u) => /^\s*javascript:|pwned/i.test(u)),
  }));
  expect(found, where).toEqual({ pwned: null, elements: [], links: [] });
  expect(w.dialogs, where).toEqual([]);
  expect(w.requests, where).toEqual([]);
}

async function addHostileDocuments(page: Page) {
  const dir = mkdtempSync(join(tmpdir(), 'sieve-hostile-'));
  const paths = {
    text: join(dir, NAMES.text),
    markdown: join(dir, NAMES.markdown),
    html: join(dir, NAMES.html),
    pdf: join(dir, NAMES.pdf),
  };
  writeFileSync(paths.text, TEXT_BODY);
  writeFileSync(paths.markdown, MARKDOWN);
  writeFileSync(paths.html, HTML);
  writeFileSync(paths.pdf, hostilePdf());
  await addFiles(page, Object.values(paths));
  await page.getByLabel('Title').fill(`${IMG} pasted ${RLO}title`);
  await page.getByLabel('Paste text').fill(`${SCRIPT} Pasted notes: the pilots logged 412 vessel calls. ${JS_LINK} ${MD_LINK}`);
  await page.getByRole('button', { name: 'Add text' }).click();
  await waitForJobs(page);
  await expect(page.locator('[data-testid="job"][data-status="failed"]')).toHaveCount(0);
  await expect(documentRows(page)).toHaveCount(5);
}

async function checkLibrary(page: Page, w: Watch) {
  // Library: names and titles are text; the bidi override is gone from the shown file name.
  const documents = page.getByTestId('documents');
  await expect(documents).toContainText(`<img src=x class=pwn onerror=${RUN}>.md`);
  await expect(documents).toContainText(`<svg id=pwn onload=${RUN}>.html`);
  await expect(documents).toContainText(`"><script id=pwn>${RUN}<script>.pdf`);
  await expect(documents).toContainText('dm.harbour <b class=pwn>notes<b>.txt');
  expect(await documents.textContent()).not.toContain(RLO);
  // A pasted text's title names it; the characters a file name cannot hold are dropped from that name.
  await expect(documents).toContainText(/onerror=window\.__pwned=1\s+pasted\s+title/);
  await expectInert(page, w, 'Library');
}

async function checkChunkInspector(page: Page, w: Watch) {
  // Chunk inspector, for each document: the payloads are in the chunks as text.
  const literal: Record<string, string> = {
    'notes<b>.txt': IMG,
    '.md': 'Harbour ledger',
    '.html': `<img src=x class=pwn onerror=${RUN}> escaped markup`,
    '<script>.pdf': `${SCRIPT} The dredging contract`,
    pasted: SCRIPT,
  };
  for (const [row, text] of Object.entries(literal)) {
    await page.getByRole('tab', { name: 'Library' }).click();
    await documentRows(page)
      .filter({ hasText: row })
      .first()
      .getByRole('button', { name: /^Inspect chunks of / })
      .click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector).toBeVisible();
    await expect(inspector.getByTestId('chunk').first()).toBeVisible();
    await expect(inspector).toContainText(text);
    await expectInert(page, w, `Chunk inspector: ${row}`);
  }
}

async function checkSearch(page: Page, w: Watch) {
  // Search: hits show the payload as text, with the matched words highlighted around it.
  await search(page, 'pilots vessel calls northern pier');
  const hits = page.getByTestId('hit');
  await expect(hits.first()).toBeVisible();
  await expect(page.getByTestId('hit').filter({ hasText: IMG }).first()).toBeVisible();
  await search(page, 'onerror pwned script');
  await expect(hits.first()).toBeVisible();
  await expectInert(page, w, 'Search');
}

async function checkAsk(page: Page, w: Watch) {
  // Ask (retrieval-only): the answer, its citations and sources, and the Pipeline panel.
  await ask(page, 'How many vessel calls did the pilots log at the northern pier?');
  expect(await waitForAnswer(page)).toBe('done');
  const answer = page.getByTestId('answer');
  await expect(answer).toContainText('412');
  await expect(page.getByTestId('pipeline-row').first()).toBeVisible();
  await expect(page.getByTestId('pipeline-row').filter({ hasText: 'onerror=' }).first()).toBeVisible();
  await expect(page.getByTestId('sources')).toBeVisible();
  await expectInert(page, w, 'Ask');
  await answer.getByTestId('citation').first().click();
  const viewer = page.getByTestId('source-viewer');
  await expect(viewer.getByTestId('source-passage')).toBeVisible();
  await expect(viewer.getByTestId('source-note')).not.toHaveAttribute('data-placement', 'loading');
  await expectInert(page, w, 'Ask → citation → source viewer');
  await viewer.getByRole('button', { name: 'Show its chunks in the inspector' }).click();
  await expect(page.getByTestId('focused-chunk')).toBeVisible();
  await expectInert(page, w, 'Ask → citation → Chunk inspector');
}

async function checkLabAndOtherTabs(page: Page, w: Watch) {
  // Lab: payloads in the questions and the evidence.
  await page.getByRole('tab', { name: 'Lab' }).click();
  const lab = page.getByTestId('lab');
  await lab
    .getByLabel('Lab questions')
    .fill(`${IMG} How many vessel calls were logged? | The pilots logged 412 vessel calls\n${SCRIPT} Who signed the dredging contract? | Tideway Marine`);
  await lab.getByRole('button', { name: /^Compare \d chunkings$/ }).click();
  await expect(lab.getByTestId('lab-results')).toBeVisible({ timeout: 120_000 });
  await expectInert(page, w, 'Lab');

  for (const tab of ['Walk-through', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expectInert(page, w, tab);
  }
}

async function checkAfterReload(page: Page, w: Watch) {
  // After a reload (everything from storage), the library still shows text only.
  await page.reload();
  await openApp(page);
  await expect(documentRows(page)).toHaveCount(5);
  await expect(page.getByTestId('documents')).toContainText(`<img src=x class=pwn onerror=${RUN}>.md`);
  await expectInert(page, w, 'Library after reload');
}

test('markup and script payloads in documents, names and titles are shown as text in every view and never run', async ({ page, baseURL }) => {
  test.setTimeout(300_000);
  const w = watch(page, new URL(baseURL!).origin);
  await openApp(page);
  await addHostileDocuments(page);
  await checkLibrary(page, w);
  await checkChunkInspector(page, w);
  await checkSearch(page, w);
  await checkAsk(page, w);
  await checkLabAndOtherTabs(page, w);
  await checkAfterReload(page, w);
  expect(w.errors).toEqual([]);
});
