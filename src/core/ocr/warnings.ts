import type { PageSpan } from '../types';
import type { PdfPage, PdfSource } from '../parse';
import { LOW_CONFIDENCE } from './quality';

/**
 * What the user is told about the pages OCR read: which were read, which only with low
 * confidence, which were dropped as unreadable, and which pages without a text layer were
 * left unread (OCR unavailable or failed).
 */
export function ocrWarnings(source: PdfSource): string[] {
  const warnings: string[] = [];
  const by = (verdict: string) => source.pages.filter((p) => p.ocr?.verdict === verdict);
  const read = [...by('read'), ...by('low')].map((p) => p.page).sort((a, b) => a - b);
  const low = by('low');
  const garbage = by('garbage');
  const blank = by('blank');
  if (read.length > 0) warnings.push(readByOcrNote(read));
  if (low.length > 0) {
    warnings.push(`OCR confidence is low (under ${LOW_CONFIDENCE}%) on ${list(low.map((p) => p.page))} (${percents(low)}); check their text before relying on it`);
  }
  if (garbage.length > 0) {
    warnings.push(`OCR could not read ${list(garbage.map((p) => p.page))} (${percents(garbage)}): the text it guessed was left out`);
  }
  if (blank.length > 0 && blank.length < source.pages.length) warnings.push(`${count(blank.length, 'page')} had no text, even by OCR (${list(blank.map((p) => p.page))})`);
  const unread = source.pages.filter((p) => !p.error && !p.ocr && p.items.length === 0).map((p) => p.page);
  if (unread.length > 0 && unread.length < source.pages.length) {
    warnings.push(`${count(unread.length, 'page')} had no text and may be scanned images (${list(unread)}); ${unavailable(source)}`);
  }
  return warnings;
}

export function readByOcrNote(pages: number[]): string {
  return `${count(pages.length, 'page')} had no text layer and ${pages.length === 1 ? 'was' : 'were'} read by OCR (${list(pages)})`;
}

/** Why a document without any text gave none: what OCR did, or that it could not run. */
export function noTextReason(source: PdfSource, noun = 'PDF'): string {
  const tried = source.pages.filter((p) => p.ocr);
  if (tried.length > 0 && source.ocr?.status !== 'failed') {
    const garbage = tried.filter((p) => p.ocr!.verdict === 'garbage');
    const unreadable = garbage.length > 0 ? ` (OCR could not read ${list(garbage.map((p) => p.page))}: ${percents(garbage)})` : '';
    return `No readable text was found in this ${noun}, even by OCR${unreadable}: it may be blank, a photo, or handwriting.`;
  }
  return `No text could be found in this ${noun}: it looks like a scanned document (images only), and ${unavailable(source)}.`;
}

function unavailable(source: PdfSource): string {
  return source.ocr?.status === 'failed' ? `OCR failed (${source.ocr.reason})` : 'OCR is not supported here (only the browser app reads scans)';
}

/** Each OCR'd page's span carries its confidence, so chunks, citations and the inspector can say so. */
export function markOcrSpans(spans: PageSpan[], pages: PdfPage[]): PageSpan[] {
  const ocr = new Map(pages.filter((p) => p.ocr && p.items.length > 0).map((p) => [p.page, p.ocr!.confidence]));
  return spans.map((s) => (ocr.has(s.page) ? { ...s, ocr: { confidence: ocr.get(s.page)! } } : s));
}

function percents(pages: PdfPage[]): string {
  return pages.map((p) => `${Math.round(p.ocr!.confidence)}%`).join(', ');
}

function count(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function list(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return pages.length <= 8 ? `pages ${pages.join(', ')}` : `pages ${pages.slice(0, 8).join(', ')}…`;
}
