/**
 * A document's notes (DocumentRecord.warnings, plain sentences written while it was added) are
 * of two kinds: information about routine clean-up the user need not do anything about
 * (running headers and page numbers removed, sections inferred, pages read by OCR), and
 * warnings the user should act on (low OCR confidence, pages skipped, text the model cannot
 * read, a language model that failed). The library shows the first folded away and marks
 * the second. Notes are told apart by their wording, which is kept here in one place; the
 * producers are listed in notes.test.ts. A note of unknown wording counts as a warning, so
 * that nothing the user should see is hidden.
 */

type NoteKind = 'info' | 'warning';

/** Wordings that call for the user's attention, checked first (some contain routine words too). */
const WARNING: RegExp[] = [
  /^OCR confidence is low\b/, // core/ocr/warnings.ts
  /^OCR could not read\b/, // core/ocr/warnings.ts: pages whose guessed text was dropped
  /\bhad no text and may be scanned images\b/, // core/ocr/warnings.ts: OCR unavailable or failed
  /\bcould not be read in time\b/, // core/parse/pdf/parse.ts: pages skipped
  /^Could not read \d+ pages?\b/, // core/parse/pdf/parse.ts: pages skipped
  /\bwhich the embedding model .* cannot read\b/, // core/ingest/script-note.ts
  /^The language model could not section this document\b/, // services/library.ts
  /^No document summary for the chunk headers\b/, // services/library.ts
];

/** Routine notes: what the parser cleaned up or worked out by itself. */
const INFO: RegExp[] = [
  /^Removed running (header|footer) /, // core/parse/pdf/running.ts
  /^Removed page numbers from /, // core/parse/pdf/running.ts
  /\bhad no text layer and (was|were) read by OCR\b/, // core/ocr/warnings.ts
  /\bhad no text, even by OCR\b/, // core/ocr/warnings.ts: blank pages among pages with text
  /^\d+ sections were inferred\b/, // services/library.ts
  /^Sectioning: /, // services/library.ts: the language model's reply was repaired
];

export function noteKind(note: string): NoteKind {
  if (WARNING.some((r) => r.test(note))) return 'warning';
  return INFO.some((r) => r.test(note)) ? 'info' : 'warning';
}

/** A document's notes split by kind, each in its original order. */
export function splitNotes(notes: readonly string[]): { warnings: string[]; info: string[] } {
  const warnings: string[] = [];
  const info: string[] = [];
  for (const n of notes) (noteKind(n) === 'warning' ? warnings : info).push(n);
  return { warnings, info };
}
