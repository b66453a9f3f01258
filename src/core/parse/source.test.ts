import { describe, expect, it } from 'vitest';
import { IngestError } from '../errors';
import { assertHasBytes, decodeBytes, fileStem, readSource } from './source';

const bytes = (...b: number[]) => new Uint8Array(b);

function ingestError(fn: () => unknown): IngestError {
  try {
    fn();
  } catch (e) {
    if (e instanceof IngestError) return e;
    throw e;
  }
  throw new Error('expected an IngestError');
}

describe('empty input', () => {
  it('rejects 0 bytes with code "empty" and a message naming the file', () => {
    const e = ingestError(() => assertHasBytes(new ArrayBuffer(0), 'empty.txt'));
    expect(e.code).toBe('empty');
    expect(e.fileName).toBe('empty.txt');
    expect(e.message).toMatch(/^empty\.txt: .*0 bytes/);
  });

  it('rejects text that is only blank space', () => {
    const e = ingestError(() => readSource(' \n\t\r\n\u00a0 ', 'blank.md'));
    expect(e.code).toBe('empty');
    expect(e.message).toContain('blank space');
  });

  it('accepts any visible character', () => {
    expect(readSource('\n x \n', 'x.txt')).toBe('\n x \n');
  });
});

describe('decodeBytes', () => {
  it('reads UTF-8, with or without a BOM', () => {
    expect(decodeBytes(new TextEncoder().encode('café'))).toBe('café');
    expect(decodeBytes(bytes(0xef, 0xbb, 0xbf, 0x68, 0x69))).toBe('hi');
  });

  it('reads UTF-16 with a BOM', () => {
    expect(decodeBytes(bytes(0xff, 0xfe, 0x68, 0x00, 0x69, 0x00))).toBe('hi');
    expect(decodeBytes(bytes(0xfe, 0xff, 0x00, 0x68, 0x00, 0x69))).toBe('hi');
  });

  it('falls back to windows-1252 for bytes that are not UTF-8', () => {
    expect(decodeBytes(bytes(0x63, 0x61, 0x66, 0xe9, 0x20, 0x93, 0x71, 0x94))).toBe('café “q”');
  });

  it('uses a declared charset when the bytes are not UTF-8', () => {
    expect(decodeBytes(bytes(0xa4), 'iso-8859-15')).toBe('€');
    expect(decodeBytes(bytes(0xe9), 'no-such-charset')).toBe('é');
  });
});

describe('readSource', () => {
  it('normalises newlines and strips a BOM from strings', () => {
    expect(readSource('\ufeffa\r\nb\rc', 'f.txt')).toBe('a\nb\nc');
  });
});

describe('fileStem', () => {
  it('drops folders and the last extension only; a backslash is part of the name', () => {
    expect(fileStem('reports/2024/Annual Report.final.md')).toBe('Annual Report.final');
    // A file named so on Linux or macOS: the browser gives its name whole.
    expect(fileStem('Q1\\Q2 memo.docx')).toBe('Q1\\Q2 memo');
    expect(fileStem('.profile')).toBe('.profile');
    expect(fileStem('README')).toBe('README');
  });
});
