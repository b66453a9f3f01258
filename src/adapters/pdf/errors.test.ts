import { describe, expect, it } from 'vitest';
import { hasEncryptDictionary, isPdfjsException, noText, toIngestError } from './errors';

/** Errors shaped like pdf.js's (it sets `name` on its exception classes). */
function pdfjsError(name: string, message: string, code?: number): Error {
  const e = new Error(message) as Error & { code?: number };
  e.name = name;
  if (code !== undefined) e.code = code;
  return e;
}

describe('toIngestError', () => {
  it('reports a PasswordException as password-protected', () => {
    const e = toIngestError(pdfjsError('PasswordException', 'No password given', 1), 'locked.pdf', { encrypted: true });
    expect(e.code).toBe('encrypted');
    expect(e.message).toMatch(/password-protected/);
  });

  it('reports another failure of an encrypted PDF as damaged or unreadable encryption, not as needing a password', () => {
    const e = toIngestError(pdfjsError('UnknownErrorException', 'Invalid PDF structure.'), 'broken.pdf', { encrypted: true });
    expect(e.code).toBe('encrypted');
    expect(e.message).toMatch(/damaged or uses an encryption Sieve cannot read/);
    expect(e.message).not.toMatch(/password/i);
  });

  it("recognises pdf.js's own errors about an encryption dictionary it cannot use", () => {
    for (const message of ['unknown encryption method', 'unsupported encryption algorithm', 'invalid key length', 'Unknown crypto method']) {
      expect(toIngestError(pdfjsError('FormatError', message), 'odd.pdf').message).toMatch(/damaged or uses an encryption Sieve cannot read/);
    }
  });

  it('reports other failures of an unencrypted PDF as damaged', () => {
    const e = toIngestError(pdfjsError('InvalidPDFException', 'Invalid PDF structure.'), 'broken.pdf');
    expect(e.code).toBe('corrupt');
    expect(e.message).toMatch(/damaged or incomplete/);
  });
});

describe('hasEncryptDictionary', () => {
  const bytes = (s: string) => new TextEncoder().encode(s);
  it('finds an /Encrypt entry in a trailer', () => {
    expect(hasEncryptDictionary(bytes('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer << /Root 1 0 R /Encrypt 5 0 R >>\n%%EOF'))).toBe(true);
    expect(hasEncryptDictionary(bytes('<</Type/XRef/Encrypt<</Filter/Standard>>>>'))).toBe(true);
  });
  it('is false without one', () => {
    expect(hasEncryptDictionary(bytes('%PDF-1.7\ntrailer << /Root 1 0 R /Encrypted true /Encryp 1 >>\n%%EOF'))).toBe(false);
    expect(hasEncryptDictionary(new Uint8Array(0))).toBe(false);
  });
});

describe('toIngestError on failures of the JavaScript underneath pdf.js', () => {
  const raw = /TypeError|RangeError|Cannot read propert|Maximum call stack|undefined|is not a function/;

  it('names deep nesting instead of a stack overflow', () => {
    const e = toIngestError(new RangeError('Maximum call stack size exceeded'), 'deep.pdf');
    expect(e.code).toBe('corrupt');
    expect(e.message).toBe('deep.pdf: This PDF is damaged or incomplete and could not be read (its objects are nested too deeply to be read).');
  });

  it('never passes on a TypeError, a RangeError or their messages, also when they arrive as plain Errors (a page that failed)', () => {
    const failures = [
      new TypeError("Cannot read properties of undefined (reading 'get')"),
      new TypeError('kids.slice is not a function'),
      new RangeError('Invalid array length'),
      new Error("Cannot read properties of null (reading 'length')"),
      new Error('undefined is not iterable'),
    ];
    for (const failure of failures) {
      for (const encrypted of [false, true]) {
        const e = toIngestError(failure, 'odd.pdf', { encrypted });
        expect(e.message).not.toMatch(raw);
        expect(e.message).toMatch(encrypted ? /encrypted, and it is damaged/ : /damaged or incomplete/);
      }
    }
    expect(toIngestError(new TypeError('x is not a function'), 'odd.pdf').message).toMatch(/its internal structure is malformed/);
    expect(toIngestError(new RangeError('Invalid typed array length: -4'), 'odd.pdf').message).toMatch(/more data than can be held in memory/);
  });

  it("keeps pdf.js's own worded causes", () => {
    expect(toIngestError(pdfjsError('FormatError', 'Pages tree contains circular reference.'), 'loop.pdf').message).toMatch(/\(Pages tree contains circular reference\.\)/);
  });
});

describe('isPdfjsException', () => {
  it("recognises pdf.js's exceptions by name and nothing else", () => {
    for (const name of ['FormatError', 'UnknownErrorException', 'InvalidPDFException', 'XRefParseException', 'JpegError']) {
      expect(isPdfjsException(pdfjsError(name, 'x'))).toBe(true);
    }
    expect(isPdfjsException(new TypeError('x'))).toBe(false);
    expect(isPdfjsException(new Error('FormatError'))).toBe(false);
    expect(isPdfjsException(undefined)).toBe(false);
    expect(isPdfjsException('FormatError')).toBe(false);
  });
});

describe('noText', () => {
  it('reports a document without a single readable page as damaged, not as a scan of 0 pages', () => {
    const e = noText('none.pdf', 0);
    expect(e.code).toBe('corrupt');
    expect(e.message).not.toMatch(/0 pages|scanned/);
    expect(noText('scan.pdf', 3).message).toMatch(/None of its 3 pages has a text layer/);
    expect(noText('scan.pdf', 1).code).toBe('no-text');
  });
});
