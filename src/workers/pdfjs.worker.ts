/// <reference lib="webworker" />
// pdf.js's own worker, for the source viewer's pages and for reading a PDF's text in the
// library worker (src/adapters/pdf/browser.ts): evaluated in a Web Worker, the module
// answers pdf.js on this worker's port. Bundled with the app, so it is served (and cached for
// offline use) from the app's own origin.
import 'pdfjs-dist/legacy/build/pdf.worker.mjs';
