import { describe, expect, it } from 'vitest';
import { readUsage } from './usage';

describe('readUsage', () => {
  it('splits the use into the library and cached files where the browser says', async () => {
    const estimate = async () => ({ usage: 70e6, quota: 10e9, usageDetails: { indexedDB: 5e6, caches: 64e6, serviceWorkerRegistrations: 1e6 } }) as StorageEstimate;
    expect(await readUsage({ estimate })).toEqual({ usedBytes: 70e6, quotaBytes: 10e9, libraryBytes: 5e6, cachedFilesBytes: 65e6 });
  });

  it('gives the total alone where it does not, and nothing where it cannot tell', async () => {
    expect(await readUsage({ estimate: async () => ({ usage: 1, quota: 2 }) })).toEqual({ usedBytes: 1, quotaBytes: 2 });
    expect(await readUsage({ estimate: async () => ({}) })).toBeUndefined();
    expect(await readUsage(undefined)).toBeUndefined();
  });
});
