import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildDocx } from '../../../scripts/fixtures/docx';
import { IngestError } from '../../core/errors';
import { parseDocx } from './parse-docx';
import { MAX_DOCX_PARAGRAPHS, MAX_DOCX_XML_BYTES } from './expansion';

const MEMO = new URL('../../../e2e/fixtures/memo.docx', import.meta.url);

async function ingestError(promise: Promise<unknown>): Promise<IngestError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof IngestError) return e;
    throw e;
  }
  throw new Error('expected an IngestError');
}

describe('parseDocx', () => {
  it('reads the memo fixture: headings from Word styles, paragraphs, table rows', async () => {
    const doc = await parseDocx(readFileSync(MEMO), 'memo.docx');
    expect(doc.kind).toBe('docx');
    expect(doc.title).toBe('Harbor Street Community Garden');
    expect(doc.pages).toEqual([]);
    expect(doc.sections.map((s) => s.path)).toEqual([
      ['Harbor Street Community Garden'],
      ['Harbor Street Community Garden', 'Water Use'],
      ['Harbor Street Community Garden', 'Volunteers'],
    ]);
    expect(doc.text).toContain('The garden now has 38 raised beds, up from 31 last year');
    expect(doc.text).toContain('\nMonth | Rain barrels (litres) | Mains water (litres)\nApril | 4,200 | 900\n');
    const water = doc.sections[1];
    expect(doc.text.slice(water.start, water.end)).toMatch(/^Water Use\n\n[\s\S]*June \| 800 \| 5,600$/);
  });

  it('nests heading levels, uses the Title style as title and accepts a Uint8Array view', async () => {
    const bytes = buildDocx([
      { title: 'Plan' },
      { heading: 1, text: 'Goals' },
      { heading: 2, text: 'Budget' },
      { paragraph: ['Spend ', { bold: '40%' }, ' on seeds.'] },
      { heading: 3, text: 'Detail' },
      { paragraph: ['More.'] },
    ]);
    const padded = new Uint8Array(bytes.length + 7);
    padded.set(bytes, 7);
    const doc = await parseDocx(padded.subarray(7), 'plan.docx');
    expect(doc.title).toBe('Plan');
    expect(doc.sections.map((s) => s.path)).toEqual([['Plan'], ['Goals'], ['Goals', 'Budget'], ['Goals', 'Budget', 'Detail']]);
    expect(doc.text).toBe('Plan\n\nGoals\n\nBudget\n\nSpend 40% on seeds.\n\nDetail\n\nMore.');
  });

  it('falls back to the file name for the title', async () => {
    const doc = await parseDocx(buildDocx([{ paragraph: ['Just a line.'] }]), 'folder/Minutes.docx');
    expect(doc.title).toBe('Minutes');
  });

  it('reports damaged files as corrupt, naming the file', async () => {
    const memo = new Uint8Array(readFileSync(MEMO));
    for (const [bytes, name] of [
      [memo.subarray(0, memo.length / 2), 'truncated.docx'],
      [buildDocx([{ paragraph: ['x'] }], ['word/document.xml']), 'no-body.docx'],
      [new TextEncoder().encode('this is not a zip'), 'text.docx'],
    ] as const) {
      const e = await ingestError(parseDocx(bytes, name));
      expect(e.code).toBe('corrupt');
      expect(e.fileName).toBe(name);
      expect(e.message.startsWith(`${name}: `)).toBe(true);
    }
  });

  it('tells legacy .doc files and password-protected files apart', async () => {
    const ole = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0];
    const legacy = new Uint8Array([...ole, ...new TextEncoder().encode('WordDocument')]);
    const encryptedName = [...'EncryptedPackage'].flatMap((c) => [c.charCodeAt(0), 0]);
    const encrypted = new Uint8Array([...ole, ...encryptedName]);
    expect((await ingestError(parseDocx(legacy, 'old.docx'))).code).toBe('unsupported');
    expect((await ingestError(parseDocx(encrypted, 'locked.docx'))).code).toBe('encrypted');
  });

  it('rejects empty files and documents without text as empty', async () => {
    expect((await ingestError(parseDocx(new ArrayBuffer(0), 'zero.docx'))).code).toBe('empty');
    const blank = buildDocx([{ paragraph: ['   '] }, { paragraph: [] }]);
    const e = await ingestError(parseDocx(blank, 'blank.docx'));
    expect(e.code).toBe('empty');
    expect(e.message).toContain('no text');
  });
});

describe('parseDocx: expansion', () => {
  it('refuses a small Word file that unpacks to too many paragraphs or too much XML, naming the file and the limit, before reading it', async () => {
    const many = buildDocx(Array.from({ length: MAX_DOCX_PARAGRAPHS + 10 }, () => ({ paragraph: ['a'] })));
    expect(many.length).toBeLessThan(1024 * 1024);
    const e = await ingestError(parseDocx(many, 'paragraphs.docx'));
    expect(e).toMatchObject({ code: 'too-large', fileName: 'paragraphs.docx' });
    expect(e.message).toMatch(/^paragraphs\.docx: the Word file unpacks to more than 200,000 paragraphs/);
    const padded = buildDocx([{ paragraph: ['x'.repeat(MAX_DOCX_XML_BYTES + 1024)] }]);
    expect(padded.length).toBeLessThan(1024 * 1024);
    expect((await ingestError(parseDocx(padded, 'bytes.docx'))).message).toMatch(/^bytes\.docx: the Word file unpacks to more than 64 MB of data/);
  });
});
