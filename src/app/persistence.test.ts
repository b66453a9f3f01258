import { describe, expect, it } from 'vitest';
import { describePersistence, readPersisted, requestPersistence } from './persistence';

describe('describePersistence', () => {
  it('says whether the browser may clear the library', () => {
    expect(describePersistence(true)).toBe('Stored persistently: the browser will not clear it');
    expect(describePersistence(false)).toBe('Not persistent: the browser may clear it when the disk runs low');
  });

  it('says nothing when the browser does not tell', () => {
    expect(describePersistence(undefined)).toBeUndefined();
  });
});

describe('readPersisted and requestPersistence', () => {
  it('pass on the browser answer', async () => {
    const storage = { persisted: async () => false, persist: async () => true };
    expect(await readPersisted(storage)).toBe(false);
    expect(await requestPersistence(storage)).toBe(true);
  });

  it('are undefined without the API or when it throws', async () => {
    expect(await readPersisted(undefined)).toBeUndefined();
    expect(await requestPersistence({})).toBeUndefined();
    const failing = { persisted: () => Promise.reject(new Error('no')), persist: () => Promise.reject(new Error('no')) };
    expect(await readPersisted(failing)).toBeUndefined();
    expect(await requestPersistence(failing)).toBeUndefined();
  });
});
