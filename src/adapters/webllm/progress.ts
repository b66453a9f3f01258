import type { InitProgressReport } from '@mlc-ai/web-llm';
import type { LoadProgress } from '../../core/embed';

const MB = 1024 * 1024;

/**
 * Turns WebLLM's progress reports (a fraction and a sentence) into LoadProgress in bytes:
 * "…: 200MB fetched. 12% completed…" gives loaded and, with the fraction, the total. Later
 * phases (compiling shaders) report the finished download with their sentence as `file`.
 */
export function webLlmProgressReporter(onProgress: (p: LoadProgress) => void): (report: InitProgressReport) => void {
  let bytes: { loaded: number; total: number } | undefined;
  return (report) => {
    const mb = /(\d+(?:\.\d+)?)\s*MB (?:fetched|loaded)/.exec(report.text);
    if (mb) {
      const loaded = Number(mb[1]) * MB;
      const total = report.progress > 0 ? Math.max(loaded, Math.round(loaded / report.progress)) : (bytes?.total ?? 0);
      bytes = { loaded, total };
    } else if (bytes) {
      bytes = { loaded: bytes.total, total: bytes.total };
    }
    onProgress({ file: report.text, loaded: bytes?.loaded ?? 0, total: bytes?.total ?? 0 });
  };
}
