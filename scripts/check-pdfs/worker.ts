/** Child process of check:pdfs: checks the files its parent sends, one at a time (see runner.ts). */
import { readFile } from 'node:fs/promises';
import { checkPdf, type CheckResult } from './check';

export interface WorkerRequest {
  id: number;
  path: string;
  file: string;
}

export interface WorkerReply {
  id: number;
  result: CheckResult;
}

process.on('message', (request: WorkerRequest) => {
  void (async () => {
    let result: CheckResult;
    try {
      result = await checkPdf(new Uint8Array(await readFile(request.path)), request.file);
    } catch (e) {
      // checkPdf catches everything from the parse path; this is the file system.
      result = { file: request.file, status: 'error', message: `could not read the file: ${(e as Error).message}`, pages: 0, chars: 0, ms: 0 };
    }
    process.send!({ id: request.id, result } satisfies WorkerReply);
  })();
});
process.send!({ id: -1 });
