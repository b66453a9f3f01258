import { describe, expect, it } from 'vitest';
import { hasEncryptDictionary, toIngestError } from './errors';

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
