import { describe, expect, it } from 'vitest';
import { noteKind, splitNotes } from './notes';
import { parsePdfSource, type PdfPage, type PdfSource } from '../parse';
import { page, prose, source } from '../../testing/synthetic-pdf';
import { ocrWarnings, readByOcrNote } from '../ocr';
import { unreadableScriptNote } from './script-note';

const body = (n: number) => prose(100, [`Body text of page ${n} describes the quarter in some detail and`, 'continues on a second line that ends the paragraph here.']);

describe('noteKind: every producer of document notes', () => {
  it('PDF clean-up (running headers and footers, page numbers) is information', () => {
    const pages = [1, 2, 3, 4, 5].map((n) =>
      page(n, [{ y: 40, text: 'ACME HOLDINGS ANNUAL REPORT', size: 9 }, ...body(n), { y: 740, text: 'Printed for shareholders', size: 8 }, { y: 760, text: String(n), size: 9 }]),
    );
    const notes = parsePdfSource(source(pages), 'acme.pdf').warnings;
    expect(notes).toEqual([
      "Removed running header 'ACME HOLDINGS ANNUAL REPORT' from 5 pages",
      "Removed running footer 'Printed for shareholders' from 5 pages",
      'Removed page numbers from 5 pages',
    ]);
    expect(notes.map(noteKind)).toEqual(['info', 'info', 'info']);
  });

  it('pages pdf.js could not read, or not in time, were skipped: warnings', () => {
    const broken: PdfPage = { ...page(2, []), error: 'bad stream' };
    const slow: PdfPage = { ...page(3, []), error: 'timed out', timedOut: true };
    const notes = parsePdfSource(source([page(1, body(1)), broken, slow]), 'x.pdf').warnings;
    expect(notes).toEqual(['Page 3 could not be read in time; it was skipped', 'Could not read 1 page (page 2); they were skipped']);
    expect(notes.map(noteKind)).toEqual(['warning', 'warning']);
  });

  it('OCR: pages read and blank pages are information; low confidence, unreadable pages and unread scans are warnings', () => {
    const ocr = (n: number, verdict: 'read' | 'low' | 'garbage' | 'blank', confidence: number): PdfPage => ({ ...page(n, []), ocr: { verdict, confidence } });
    const src: PdfSource = { ...source([page(1, body(1)), ocr(2, 'read', 91), ocr(3, 'low', 48), ocr(4, 'garbage', 12), ocr(5, 'blank', 0)]), ocr: { status: 'done' } };
    const notes = ocrWarnings(src);
    expect(notes).toEqual([
      readByOcrNote([2, 3]),
      'OCR confidence is low (under 60%) on page 3 (48%); check their text before relying on it',
      'OCR could not read page 4 (12%): the text it guessed was left out',
      '1 page had no text, even by OCR (page 5)',
    ]);
    expect(notes.map(noteKind)).toEqual(['info', 'warning', 'warning', 'info']);
    expect(noteKind(readByOcrNote([7]))).toBe('info');

    const unread = ocrWarnings({ ...source([page(1, body(1)), page(2, [])]), ocr: { status: 'failed', reason: 'worker crashed' } });
    expect(unread).toEqual(['1 page had no text and may be scanned images (page 2); OCR failed (worker crashed)']);
    expect(noteKind(unread[0])).toBe('warning');
  });

  it('text the embedding model cannot read is a warning', () => {
    const note = unreadableScriptNote('東京の会社は今年の売上高を発表しました。'.repeat(20), { id: 'use-lite', readsCjk: false });
    expect(note).toBeDefined();
    expect(noteKind(note!)).toBe('warning');
  });

  it('sectioning (services/library.ts): inferred sections and a repaired reply are information; a failed language model is a warning', () => {
    expect(noteKind('12 sections were inferred from title-like lines and shifts of topic (the document has no headings)')).toBe('info');
    expect(noteKind('4 sections were inferred by the language model (the document has no headings)')).toBe('info');
    expect(noteKind('Sectioning: lines 0–40: reply named no section start; used heuristic sectioning there')).toBe('info');
    expect(noteKind('The language model could not section this document (out of memory); sections were inferred from its layout')).toBe('warning');
    expect(noteKind('No document summary for the chunk headers: the language model failed (timeout)')).toBe('warning');
  });

  it('a note of unknown wording is shown as a warning rather than hidden', () => {
    expect(noteKind('Something new happened')).toBe('warning');
  });
});

describe('splitNotes', () => {
  it('keeps each kind in its order', () => {
    const notes = [
      'Removed page numbers from 3 pages',
      'OCR confidence is low (under 60%) on page 2 (40%); check',
      "Removed running header 'X' from 3 pages",
      'Could not read 1 page (page 9); they were skipped',
    ];
    expect(splitNotes(notes)).toEqual({ warnings: [notes[1], notes[3]], info: [notes[0], notes[2]] });
  });
});
