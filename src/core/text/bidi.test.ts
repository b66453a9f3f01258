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
});
