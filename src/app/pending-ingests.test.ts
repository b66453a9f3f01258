import { describe, expect, it } from 'vitest';
import {
  PENDING_KEY,
  PendingIngestLog,
  addPending,
  describeInterrupted,
  leftOver,
  notInLibrary,
  parsePending,
  removePending,
  type KeyValueStore,
  type PendingIngest,
} from './pending-ingests';

const record = (key: string, page: string, name = `${key}.pdf`): PendingIngest => ({ key, page, name, size: 10, type: 'application/pdf', startedAt: 1 });

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('pending ingest records', () => {
  it('parses what it wrote and drops anything malformed', () => {
    const a = record('p:1', 'p');
    expect(parsePending(JSON.stringify([a]))).toEqual([a]);
    expect(parsePending(null)).toEqual([]);
    expect(parsePending('not json')).toEqual([]);
    expect(parsePending('{"key":"x"}')).toEqual([]);
    expect(parsePending(JSON.stringify([a, { key: 'p:2', name: 3 }, null]))).toEqual([a]);
  });

  it('adds (replacing the same key) and removes by key', () => {
    const a = record('p:1', 'p');
    const b = record('p:2', 'p');
    expect(addPending([a], { ...a, name: 'renamed' })).toEqual([{ ...a, name: 'renamed' }]);
    expect(removePending(addPending([a], b), ['p:1'])).toEqual([b]);
    expect(removePending([a], ['nope'])).toEqual([a]);
  });

  it('counts as left over only records of pages that are gone', () => {
    const mine = record('me:1', 'me');
    const otherTab = record('tab:1', 'tab');
    const closed = record('old:1', 'old');
    expect(leftOver([mine, otherTab, closed], 'me', ['tab', 'me'])).toEqual([closed]);
    expect(leftOver([mine, otherTab, closed], 'me', [])).toEqual([otherTab, closed]);
  });

  it('describes the files to add again, those of a page that stopped without closing as maybe too large', () => {
    expect(describeInterrupted([])).toBeUndefined();
    expect(describeInterrupted([{ name: 'a.pdf', size: 10, closed: true }])).toBe('1 file was still being added when the page closed: a.pdf.');
    expect(
      describeInterrupted([
        { name: 'a.pdf', size: 10, closed: true },
        { name: 'b.docx', size: 20, closed: true },
      ]),
    ).toBe('2 files were still being added when the page closed: a.pdf, b.docx.');
    expect(describeInterrupted([{ name: 'bomb.docx', size: 349_000 }])).toBe(
      'The page stopped while adding bomb.docx; it may be too large to read here (split it, or save as PDF or CSV, before adding again).',
    );
    expect(
      describeInterrupted([
        { name: 'a.pdf', size: 10, closed: true },
        { name: 'big.xlsx', size: 9 },
      ]),
    ).toMatch(/^1 file was still being added when the page closed: a\.pdf\. The page stopped while adding big\.xlsx; it may be too large/);
  });

  it('names a file interrupted several times once', () => {
    const nike = { name: 'NIKE_2018_10K.pdf', size: 4_000_000, closed: true };
    expect(describeInterrupted([nike, nike, nike])).toBe('1 file was still being added when the page closed: NIKE_2018_10K.pdf.');
  });

  it('drops records whose file reached the library after they started', () => {
    const record = { name: 'a.pdf', size: 10, startedAt: 1000 };
    expect(notInLibrary([record], [{ name: 'a.pdf', size: 10, addedAt: 1500 }])).toEqual([]);
    // an older copy of the same file, or another file of that name, does not count
    expect(notInLibrary([record], [{ name: 'a.pdf', size: 10, addedAt: 500 }])).toEqual([record]);
    expect(notInLibrary([record], [{ name: 'a.pdf', size: 11, addedAt: 1500 }])).toEqual([record]);
  });
});

describe('PendingIngestLog', () => {
  it('keeps a record from start until finish, then leaves storage empty', () => {
    const storage = memoryStore();
    const log = new PendingIngestLog(storage, 'page', () => 42);
    const a = log.start({ name: 'a.pdf', size: 5, type: 'application/pdf' });
    const b = log.start({ name: 'b.docx', size: 7, type: '' });
    expect(log.list()).toEqual([
      { key: a, page: 'page', name: 'a.pdf', size: 5, type: 'application/pdf', startedAt: 42 },
      { key: b, page: 'page', name: 'b.docx', size: 7, type: '', startedAt: 42 },
    ]);
    log.finish(a);
    expect(log.list().map((r) => r.name)).toEqual(['b.docx']);
    log.finish(b);
    expect(storage.data.has(PENDING_KEY)).toBe(false);
  });

  it('marks only its own records as left by a page that closed normally', () => {
    const storage = memoryStore();
    new PendingIngestLog(storage, 'other').start({ name: 'a.pdf', size: 5, type: '' });
    const log = new PendingIngestLog(storage, 'me');
    log.start({ name: 'b.docx', size: 7, type: '' });
    log.markClosed();
    expect(log.list().map((r) => [r.name, r.closed ?? false])).toEqual([
      ['a.pdf', false],
      ['b.docx', true],
    ]);
  });

  it('shares records with another page over the same storage', () => {
    const storage = memoryStore();
    new PendingIngestLog(storage, 'old').start({ name: 'a.pdf', size: 5, type: '' });
    const next = new PendingIngestLog(storage, 'new');
    expect(leftOver(next.list(), next.page, []).map((r) => r.name)).toEqual(['a.pdf']);
  });

  it('works without storage, and when storage throws', () => {
    const none = new PendingIngestLog(undefined, 'p');
    none.finish(none.start({ name: 'a', size: 1, type: '' }));
    expect(none.list()).toEqual([]);
    const broken = new PendingIngestLog(
      {
        getItem: () => {
          throw new Error('blocked');
        },
        setItem: () => {
          throw new Error('full');
        },
        removeItem: () => undefined,
      },
      'p',
    );
    expect(() => broken.start({ name: 'a', size: 1, type: '' })).not.toThrow();
    expect(broken.list()).toEqual([]);
  });
});
