import { describe, expect, it } from 'vitest';
import { UrgentFirst } from './serial';

describe('UrgentFirst', () => {
  it('runs one task at a time, and an urgent task before the others still waiting', async () => {
    const queue = new UrgentFirst();
    const order: string[] = [];
    let running = 0;
    const task = (name: string) => async () => {
      running++;
      expect(running).toBe(1);
      await new Promise((r) => setTimeout(r, 5));
      order.push(name);
      running--;
      return name;
    };
    const batches = ['page 1', 'page 2', 'page 3'].map((n) => queue.run(task(n)));
    const query = queue.run(task('query'), true);
    const second = queue.run(task('query 2'), true);
    expect(await Promise.all([...batches, query, second])).toEqual(['page 1', 'page 2', 'page 3', 'query', 'query 2']);
    // Urgent tasks keep their own order, and go before every waiting batch.
    expect(order).toEqual(['query', 'query 2', 'page 1', 'page 2', 'page 3']);
  });

  it('goes on after a failed task', async () => {
    const queue = new UrgentFirst();
    const failed = queue.run(async () => {
      throw new Error('broken batch');
    });
    await expect(failed).rejects.toThrow('broken batch');
    expect(await queue.run(async () => 'next')).toBe('next');
  });

  it('rejects the call of a task that throws at once, and goes on', async () => {
    const queue = new UrgentFirst();
    const thrown = queue.run((() => {
      throw new Error('at once');
    }) as unknown as () => Promise<string>);
    await expect(thrown).rejects.toThrow('at once');
    expect(await queue.run(async () => 'after')).toBe('after');
  });
});
