import { describe, expect, it } from 'vitest';
import { IngestError } from '../../core/errors';
import { isQuotaError, toStoreError } from './errors';
import { formatBytes } from './usage';

describe('isQuotaError', () => {
  it('recognises the forms browsers use for a full disk', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('x'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' }))).toBe(true);
    expect(isQuotaError(Object.assign(new Error('x'), { code: 22 }))).toBe(true);
    expect(isQuotaError(new Error('Maximum storage quota reached'))).toBe(true);
  });

  it('rejects other failures', () => {
    expect(isQuotaError(new DOMException('x', 'AbortError'))).toBe(false);
    expect(isQuotaError(new DOMException('could not clone', 'DataCloneError'))).toBe(false);
    expect(isQuotaError('QuotaExceededError')).toBe(false);
    expect(isQuotaError(undefined)).toBe(false);
  });
});

describe('toStoreError', () => {
  it('prefers the transaction error over the AbortError of a sibling request', () => {
    const e = toStoreError(new DOMException('', 'AbortError'), 'f.pdf', { usedBytes: 5e8, quotaBytes: 1e9 }, new DOMException('', 'QuotaExceededError'));
    expect(e).toMatchObject({ code: 'quota', fileName: 'f.pdf' });
    expect(e.message).toContain('(used 500.0 MB of 1.0 GB)');
  });

  it('names any other failure as storage, with its cause', () => {
    const e = toStoreError(new DOMException('disk on fire', 'UnknownError'), 'f.pdf', undefined);
    expect(e).toMatchObject({ code: 'storage', fileName: 'f.pdf' });
    expect(e.message).toContain('UnknownError: disk on fire');
  });

  it('passes IngestErrors through unchanged', () => {
    const original = new IngestError('cancelled', 'f.pdf', 'stopped');
    expect(toStoreError(original, 'other', undefined)).toBe(original);
  });
});

describe('formatBytes', () => {
  it('uses decimal units with one decimal above a kilobyte', () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(999)).toBe('999 bytes');
    expect(formatBytes(1500)).toBe('1.5 KB');
    expect(formatBytes(2_300_000_000)).toBe('2.3 GB');
  });
});
