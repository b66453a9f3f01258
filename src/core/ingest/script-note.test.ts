import { describe, expect, it } from 'vitest';
import { unreadableScriptNote } from './script-note';

const useLite = { id: 'use-lite-512', readsCjk: false };

describe('unreadableScriptNote', () => {
  it('names the model and what still works when much of the text is CJK', () => {
    expect(unreadableScriptNote('東京都の人口は昨年から少し増えました。Revenue grew.', useLite)).toMatch(
      /Chinese, Japanese or Korean, which the embedding model use-lite-512 cannot read: keyword search finds it/,
    );
  });

  it('stays quiet for a few CJK words in English text, and for a model that reads CJK', () => {
    expect(unreadableScriptNote(`${'Revenue grew strongly in every region this year. '.repeat(20)}東京`, useLite)).toBeUndefined();
    expect(unreadableScriptNote('東京都の人口は昨年から少し増えました。', { id: 'multilingual-e5' })).toBeUndefined();
  });
});
