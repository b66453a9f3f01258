import type { ProgressInfo } from '@huggingface/transformers';
import type { LoadProgress } from '../../core/embed';

interface Bytes {
  loaded: number;
  total: number;
}

/**
 * Turns transformers.js's progress events into LoadProgress over all of the model's files
 * together (as the USE-lite loader reports), `file` being the one that just advanced.
 *
 * transformers.js's own 'progress_total' knows every file's size up front (it asks for them
 * before downloading), so it is preferred; the sum of per-file events is the fallback, whose
 * total grows as files start.
 */
export function progressReporter(onProgress: (p: LoadProgress) => void): (info: ProgressInfo) => void {
  const files = new Map<string, Bytes>();
  let overall: Bytes | undefined;

  const emit = (file: string) => {
    const own: Bytes = { loaded: 0, total: 0 };
    for (const f of files.values()) {
      own.loaded += f.loaded;
      own.total += f.total;
    }
    const best = overall && overall.total >= own.total ? overall : own;
    onProgress({ file, loaded: best.loaded, total: best.total });
  };

  return (info) => {
    switch (info.status) {
      case 'progress_total':
        overall = { loaded: info.loaded, total: info.total };
        break;
      case 'initiate':
        if (!files.has(info.file)) files.set(info.file, { loaded: 0, total: 0 });
        emit(info.file);
        break;
      case 'progress':
        files.set(info.file, { loaded: info.loaded, total: info.total });
        emit(info.file);
        break;
      case 'done': {
        const f = files.get(info.file);
        if (f) f.loaded = f.total;
        emit(info.file);
        break;
      }
    }
  };
}
