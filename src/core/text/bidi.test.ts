import { describe, expect, it } from 'vitest';
import { stripBidiControls } from './bidi';

describe('stripBidiControls', () => {
  it('removes a right-to-left override that disguises a file extension', () => {
    expect(stripBidiControls('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
  });
  it('removes embeddings, isolates and marks', () => {
    expect(stripBidiControls('\u202Aa\u202Bb\u202Cc\u202Dd\u2066e\u2067f\u2068g\u2069h\u200Ei\u200Fj\u061Ck')).toBe('abcdefghijk');
  });
  it('leaves ordinary names, including right-to-left scripts, unchanged', () => {
    for (const name of ['report 2022.pdf', 'تقرير.pdf', 'דו״ח.docx', '年報.pdf']) expect(stripBidiControls(name)).toBe(name);
  });
  it('removes zero-width characters that make look-alike names differ, and joiners that join nothing', () => {
    expect(stripBidiControls('report\u200B.pdf')).toBe('report.pdf');
    expect(stripBidiControls('\uFEFFnotes\u2060 2023.md')).toBe('notes 2023.md');
    expect(stripBidiControls('\u200Dplan\u200C.txt\u200D')).toBe('plan.txt');
  });
  it('keeps joiners between letters of scripts that need them', () => {
    for (const name of ['می\u200Cخواهم.pdf', 'क्\u200Dष.pdf', '👩\u200D💻 notes.md']) expect(stripBidiControls(name)).toBe(name);
  });
});
