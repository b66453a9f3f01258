import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../core/embed';
import { webLlmProgressReporter } from './progress';

describe('webLlmProgressReporter', () => {
  it('reads bytes from the download sentences and reports later phases as done', () => {
    const seen: LoadProgress[] = [];
    const report = webLlmProgressReporter((p) => seen.push(p));
    report({ progress: 0, timeElapsed: 0, text: 'Start to fetch params' });
    report({ progress: 0.25, timeElapsed: 1, text: 'Fetching param cache[1/4]: 100MB fetched. 25% completed, 1 secs elapsed.' });
    report({ progress: 0.5, timeElapsed: 2, text: 'Loading model from cache[2/4]: 200MB loaded. 50% completed, 2 secs elapsed.' });
    report({ progress: 0.3, timeElapsed: 3, text: 'Loading GPU shader modules[3/10]: 30% completed' });
    expect(seen.map((p) => [p.loaded / 2 ** 20, p.total / 2 ** 20])).toEqual([
      [0, 0],
      [100, 400],
      [200, 400],
      [400, 400],
    ]);
    expect(seen[3].file).toMatch(/shader/);
  });
});
