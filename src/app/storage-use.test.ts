import { describe, expect, it } from 'vitest';
import { storageParts } from './storage-use';

const MB = 1024 * 1024;

describe('storageParts', () => {
  it('says each part the browser told, and offers Free space for the cache and model files', () => {
    const got = storageParts(
      { usedBytes: 20 * MB, quotaBytes: 1e9, libraryBytes: 9 * MB, cachedFilesBytes: 11 * MB, embeddingCacheBytes: 3 * MB, modelFilesBytes: 8 * MB, appFilesBytes: 3 * MB },
      2,
    );
    expect(got.parts).toEqual(['9.0 MB library', '3.0 MB embedding cache', '8.0 MB model files', '3.0 MB app files']);
    expect(got).toMatchObject({ canFree: true, freeable: '3.0 MB embedding cache and 8.0 MB model files', canDelete: true });
  });

  it('offers Delete everything for an empty library that still holds a cache', () => {
    const got = storageParts({ usedBytes: 9 * MB, quotaBytes: 1e9, libraryBytes: 0, cachedFilesBytes: 0, embeddingCacheBytes: 9 * MB, modelFilesBytes: 0, appFilesBytes: 0 }, 0);
    expect(got.parts).toEqual(['9.0 MB embedding cache']);
    expect(got).toMatchObject({ canFree: true, canDelete: true });
  });

  it('offers neither when only the app files are stored', () => {
    const got = storageParts(
      { usedBytes: 3 * MB, quotaBytes: 1e9, libraryBytes: 0, cachedFilesBytes: 3 * MB, embeddingCacheBytes: 0, modelFilesBytes: 0, appFilesBytes: 3 * MB },
      0,
    );
    expect(got).toEqual({ parts: ['3.0 MB app files'], canFree: false, canDelete: false });
  });

  it('says cached files together where they are not split, and offers Delete everything by the documents where nothing is told', () => {
    expect(storageParts({ usedBytes: 5 * MB, quotaBytes: 1e9, libraryBytes: 2 * MB, cachedFilesBytes: 3 * MB }, 1).parts).toEqual([
      '2.0 MB library',
      '3.0 MB cached app and model files',
    ]);
    expect(storageParts(undefined, 1)).toEqual({ parts: [], canFree: false, canDelete: true });
  });
});
