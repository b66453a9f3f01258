import { describe, expect, it } from 'vitest';
import type { ChatMessage } from './engine';
import { cutMiddle, ELISION, fitMessages, PromptTooLongError, type TokenCounter } from './fit-prompt';

/** One token per word, 3 per message for the template. */
const words: TokenCounter = {
  text: (t) => t.split(/\s+/).filter(Boolean).length,
  prompt: (ms) => ms.reduce((n, m) => n + 3 + words.text(m.content), 0),
};

const numbered = (n: number, prefix = 'w') => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');

describe('fitMessages', () => {
  it('leaves a prompt that fits alone', () => {
    const ms: ChatMessage[] = [{ role: 'user', content: 'short question' }];
    expect(fitMessages(ms, 100, words)).toEqual({ messages: ms, tokens: 5, truncated: false });
  });

  it('cuts the longest user message in the middle, keeping its end and a little of its start', () => {
    const ms: ChatMessage[] = [
      { role: 'system', content: numbered(50, 's') },
      { role: 'user', content: numbered(20, 'a') },
      { role: 'user', content: `${numbered(1000)} QUESTION?` },
    ];
    const fitted = fitMessages(ms, 300, words);
    expect(fitted.truncated).toBe(true);
    expect(fitted.tokens).toBeLessThanOrEqual(300);
    expect(fitted.tokens).toBeGreaterThan(250);
    expect(fitted.messages[0]).toBe(ms[0]);
    expect(fitted.messages[1]).toBe(ms[1]);
    const cut = fitted.messages[2].content;
    expect(cut).toContain(ELISION);
    expect(cut.startsWith('w0 w1')).toBe(true);
    expect(cut.endsWith('w999 QUESTION?')).toBe(true);
    const [head, tail] = cut.split(ELISION);
    expect(tail.length).toBeGreaterThan(2 * head.length);
  });

  it('moves on to the next user message when one is not enough, and throws when nothing can make it fit', () => {
    const ms: ChatMessage[] = [
      { role: 'user', content: numbered(100, 'a') },
      { role: 'user', content: numbered(120, 'b') },
    ];
    const fitted = fitMessages(ms, 20, words);
    expect(fitted.tokens).toBeLessThanOrEqual(20);
    expect(fitted.messages.every((m) => m.content.includes('[…]'))).toBe(true);
    expect(() =>
      fitMessages(
        [
          { role: 'system', content: numbered(50) },
          { role: 'user', content: 'q' },
        ],
        20,
        words,
      ),
    ).toThrow(PromptTooLongError);
  });
});

describe('cutMiddle', () => {
  it('removes characters from the middle without splitting surrogate pairs', () => {
    expect(cutMiddle('abcdefghij', 0)).toBe('abcdefghij');
    expect(cutMiddle('abcdefghij', 6)).toBe(`a${ELISION}hij`);
    expect(cutMiddle('abc', 10)).toBe('[…]');
    const emoji = '🙂'.repeat(10);
    for (let r = 1; r < 19; r++) expect(cutMiddle(emoji, r)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});
