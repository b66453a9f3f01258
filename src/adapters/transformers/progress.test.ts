import type { ProgressInfo } from '@huggingface/transformers';
import { describe, expect, it } from 'vitest';
import type { LoadProgress } from '../../core/embed';
import { progressReporter } from './progress';

const name = 'org/model';

function run(events: ProgressInfo[]): LoadProgress[] {
  const out: LoadProgress[] = [];
  const report = progressReporter((p) => out.push(p));
  events.forEach(report);
  return out;
}

describe('progressReporter', () => {
  it('sums per-file byte counts when no overall total is known', () => {
    const out = run([
      { status: 'initiate', name, file: 'config.json' },
      { status: 'progress', name, file: 'config.json', progress: 100, loaded: 10, total: 10 },
      { status: 'initiate', name, file: 'onnx/model.onnx' },
      { status: 'progress', name, file: 'onnx/model.onnx', progress: 50, loaded: 50, total: 100 },
      { status: 'done', name, file: 'onnx/model.onnx' },
    ]);
    expect(out).toEqual([
      { file: 'config.json', loaded: 0, total: 0 },
      { file: 'config.json', loaded: 10, total: 10 },
      { file: 'onnx/model.onnx', loaded: 10, total: 10 },
      { file: 'onnx/model.onnx', loaded: 60, total: 110 },
      { file: 'onnx/model.onnx', loaded: 110, total: 110 },
    ]);
  });

  it("prefers transformers.js's overall total, which counts files not started yet", () => {
    const out = run([
      { status: 'initiate', name, file: 'config.json' },
      { status: 'progress_total', name, progress: 1, loaded: 10, total: 1010, files: {} },
      { status: 'progress', name, file: 'config.json', progress: 100, loaded: 10, total: 10 },
    ]);
    expect(out.at(-1)).toEqual({ file: 'config.json', loaded: 10, total: 1010 });
  });

  it('ignores events without bytes', () => {
    expect(
      run([
        { status: 'download', name, file: 'config.json' },
        { status: 'ready', task: 'feature-extraction', model: name },
      ]),
    ).toEqual([]);
  });
});
