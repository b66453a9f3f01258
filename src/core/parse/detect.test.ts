import { describe, expect, it } from 'vitest';
import { describeBytes, detectKind, unsupportedReason } from './detect';

const ascii = (s: string) => new TextEncoder().encode(s);
const PDF = ascii('%PDF-1.7\n%âãÏÓ\n');
const ZIP_DOCX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, ...ascii('[Content_Types].xml....word/document.xml')]);
const ZIP_OTHER = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, ...ascii('xl/workbook.xml')]);
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);

describe('detectKind', () => {
  it('trusts magic bytes over the name', () => {
    expect(detectKind('report.pdf', 'application/pdf', PDF)).toBe('pdf');
    expect(detectKind('renamed.txt', 'text/plain', PDF)).toBe('pdf');
    expect(detectKind('memo.docx', '', ZIP_DOCX)).toBe('docx');
    expect(detectKind('memo.zip', 'application/zip', ZIP_DOCX)).toBe('docx');
  });

  it('finds "%PDF-" after leading junk', () => {
    expect(detectKind('x', '', new Uint8Array([0, 0, 0, ...PDF]))).toBe('pdf');
  });

  it('accepts a zip named .docx even when "word/" is beyond the first bytes, but no other zip', () => {
    expect(detectKind('memo.docx', '', ZIP_OTHER)).toBe('docx');
    // A workbook is read as a spreadsheet; any other zip is not read.
    expect(detectKind('book.xlsx', '', ZIP_OTHER)).toBe('spreadsheet');
    expect(detectKind('archive.zip', 'application/zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, ...ascii('photos/a.jpg')]))).toBeNull();
  });

  it('lets damaged .pdf and .docx files through, so that their parser can say what is wrong', () => {
    expect(detectKind('broken.pdf', '', ascii('garbage'))).toBe('pdf');
    expect(detectKind('broken.docx', '', ascii('garbage'))).toBe('docx');
    expect(detectKind('empty.pdf', '', new Uint8Array(0))).toBe('pdf');
  });

  it('recognises text formats by extension, case-insensitively', () => {
    const text = ascii('# Title\n');
    expect(detectKind('notes.md', '', text)).toBe('markdown');
    expect(detectKind('NOTES.MARKDOWN', '', text)).toBe('markdown');
    expect(detectKind('page.HTM', '', text)).toBe('html');
    expect(detectKind('page.html', '', text)).toBe('html');
    expect(detectKind('a.txt', '', text)).toBe('text');
    expect(detectKind('empty.txt', '', new Uint8Array(0))).toBe('text');
  });

  it('falls back to the MIME type, then to sniffing HTML', () => {
    expect(detectKind('README', 'text/markdown; charset=utf-8', ascii('x'))).toBe('markdown');
    expect(detectKind('log', 'text/plain', ascii('x'))).toBe('text');
    expect(detectKind('saved', '', ascii('  <!DOCTYPE html><html>'))).toBe('html');
    expect(detectKind('saved', '', ascii('just words'))).toBeNull();
  });

  it('knows PNG, JPEG and WebP images by their bytes, and an image name with other bytes as a damaged image', () => {
    expect(detectKind('image.png', 'image/png', PNG)).toBe('image');
    expect(detectKind('image.txt', 'text/plain', PNG)).toBe('image');
    expect(detectKind('photo', '', new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image');
    expect(detectKind('page', '', ascii('RIFF\x24\0\0\0WEBPVP8 '))).toBe('image');
    expect(detectKind('riff.wav', '', ascii('RIFF\x24\0\0\0WAVEfmt '))).toBeNull();
    expect(detectKind('broken.jpg', 'image/jpeg', ascii('not a jpeg'))).toBe('image');
  });

  it('rejects binaries and unknown types', () => {
    expect(detectKind('clip.gif', 'image/gif', ascii('GIF89a\0\0'))).toBeNull();
    expect(detectKind('data.json', 'application/json', ascii('{}'))).toBeNull();
    expect(detectKind('old.doc', 'application/msword', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toBeNull();
    expect(detectKind('file.constructor', '', ascii('x'))).toBeNull();
  });

  it('accepts UTF-16 text despite its NUL bytes', () => {
    expect(detectKind('wide.txt', '', new Uint8Array([0xff, 0xfe, 0x68, 0, 0x69, 0]))).toBe('text');
  });
});

describe('unsupportedReason: what a file claims and what it holds', () => {
  const SUPPORTED = 'PDF or text';
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]);
  const noise = Uint8Array.from({ length: 512 }, (_, i) => (i * 131 + 17) % 256);

  it('names the archive behind a .pdf name, and binary data behind a .txt name', () => {
    expect(detectKind('report.pdf', 'application/pdf', zip)).toBeNull();
    expect(unsupportedReason('report.pdf', 'application/pdf', zip, SUPPORTED)).toBe('this file is not a PDF: it is a zip archive. Sieve reads PDF or text.');
    expect(detectKind('minutes.txt', 'text/plain', noise)).toBeNull();
    expect(unsupportedReason('minutes.txt', 'text/plain', noise, SUPPORTED)).toBe('this file is not text: it holds binary data. Sieve reads PDF or text.');
  });

  it('names a known format under an unknown name, and falls back to the type otherwise', () => {
    expect(unsupportedReason('old.doc', 'application/msword', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), SUPPORTED)).toBe(
      'this file is an old-style Office file (.doc, .xls or .ppt), which Sieve does not read. Save it as .docx or PDF first. Sieve reads PDF or text.',
    );
    expect(unsupportedReason('data.bin', 'application/octet-stream', noise, SUPPORTED)).toBe(
      'this type of file is not supported (application/octet-stream); Sieve reads PDF or text.',
    );
  });

  it('describes bytes: archives, programs, images, text', () => {
    expect(describeBytes(new Uint8Array([0x1f, 0x8b, 8, 0]))).toBe('a gzip archive');
    expect(describeBytes(new Uint8Array([0x4d, 0x5a, 0x90, 0]))).toBe('a Windows program');
    expect(describeBytes(new TextEncoder().encode('%PDF-1.7\n'))).toBe('a PDF');
    expect(describeBytes(new TextEncoder().encode('Plain words here.'))).toBe('text');
    expect(describeBytes(noise)).toBe('binary data');
  });
});

describe('detectKind: spreadsheets', () => {
  const ZIP_XLSX = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode('....xl/workbook.xml')]);
  const OLE = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
  it('takes a workbook by its bytes or its name, and CSV or TSV text by name or type', () => {
    expect(detectKind('results.xlsx', '', ZIP_XLSX)).toBe('spreadsheet');
    expect(detectKind('renamed.zip', '', ZIP_XLSX)).toBe('spreadsheet');
    // A password-protected or old-format workbook is still one, so its reader can say which.
    expect(detectKind('locked.xlsx', '', OLE)).toBe('spreadsheet');
    expect(detectKind('prices.csv', '', new TextEncoder().encode('a,b\n1,2\n'))).toBe('spreadsheet');
    expect(detectKind('export', 'text/csv', new TextEncoder().encode('a,b\n1,2\n'))).toBe('spreadsheet');
    expect(detectKind('stock.tsv', '', new TextEncoder().encode('a\tb\n'))).toBe('spreadsheet');
    expect(detectKind('binary.csv', '', new Uint8Array([1, 0, 2, 0]))).toBeNull();
  });
});
