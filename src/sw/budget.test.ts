import { describe, expect, it } from 'vitest';
import { keepWithinBudget, oneAtATime, roomFor, sizeOf } from './budget';

/** A Cache over a map, in insertion order as the Cache API lists entries. */
function fakeCache(files: Array<[string, number]>) {
  const entries = new Map(files);
  const cache = {
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    match: async (request: Request) => {
      const size = entries.get(request.url);
      return size === undefined ? undefined : new Response(new Uint8Array(size));
    },
    delete: async (request: Request) => entries.delete(request.url),
  } as unknown as Cache;
  return { cache, urls: () => [...entries.keys()] };
}

describe('keepWithinBudget', () => {
  it('deletes the oldest copies until the rest fit, never the one just stored, and reports the bytes freed', async () => {
    const { cache, urls } = fakeCache([
      ['https://x/models/a.onnx', 400],
      ['https://x/models/b.onnx', 300],
      ['https://x/models/c.onnx', 200],
      ['https://x/models/new.onnx', 500],
    ]);
    expect(await keepWithinBudget(cache, 800, 'https://x/models/new.onnx')).toBe(700);
    expect(urls()).toEqual(['https://x/models/c.onnx', 'https://x/models/new.onnx']);
  });

  it('deletes nothing within the budget, and keeps the new copy even when it alone is over', async () => {
    const { cache, urls } = fakeCache([
      ['https://x/models/a.onnx', 400],
      ['https://x/models/big.onnx', 900],
    ]);
    expect(await keepWithinBudget(cache, 2000, 'https://x/models/big.onnx')).toBe(0);
    expect(await keepWithinBudget(cache, 500, 'https://x/models/big.onnx')).toBe(400);
    expect(urls()).toEqual(['https://x/models/big.onnx']);
  });

  it('never deletes another file of the new file’s own model, however large the model', async () => {
    const { cache, urls } = fakeCache([
      ['https://x/models/org/old/model.onnx', 300],
      ['https://x/models/org/llm/config.json', 10],
      ['https://x/models/org/llm/onnx/model.onnx', 900],
    ]);
    expect(await keepWithinBudget(cache, 500, 'https://x/models/org/llm/onnx/model.onnx')).toBe(300);
    expect(urls()).toEqual(['https://x/models/org/llm/config.json', 'https://x/models/org/llm/onnx/model.onnx']);
  });

  it('runs checks one after another', async () => {
    const queue = oneAtATime();
    const order: string[] = [];
    const slow = queue(async () => {
      await new Promise((r) => setTimeout(r, 20));
      order.push('first');
    });
    const fast = queue(async () => {
      order.push('second');
    });
    await Promise.all([slow, fast]);
    expect(order).toEqual(['first', 'second']);
  });
});

describe('roomFor / sizeOf', () => {
  it('lets the app store its files only while everything the site stores stays within its share of the quota', () => {
    expect(roomFor(10, { quota: 100, usage: 30 })).toBe(true);
    expect(roomFor(30, { quota: 100, usage: 30 })).toBe(false);
    expect(roomFor(30, { quota: 100, usage: 30 }, 0.6)).toBe(true);
    // No quota known: nothing to go by.
    expect(roomFor(1e12, {})).toBe(true);
  });

  it('sizes a response by its Content-Length, else by its body, leaving it readable', async () => {
    expect(await sizeOf(new Response('abc', { headers: { 'content-length': '999' } }))).toBe(999);
    const response = new Response(new Uint8Array(1234));
    expect(await sizeOf(response)).toBe(1234);
    expect((await response.arrayBuffer()).byteLength).toBe(1234);
  });
});
