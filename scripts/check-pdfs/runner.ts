/**
 * Runs checkPdf on many files, each in a child process (worker.ts) under a time limit: a child
 * that overruns is killed and the file reported as 'timeout'; one that dies is replaced. A
 * child serves files one after another and is replaced after `recycleAfter` of them.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { CheckResult } from './check';
import type { WorkerReply, WorkerRequest } from './worker';

export interface RunOptions {
  timeoutMs: number;
  /** Children at a time. */
  jobs: number;
  /** Files a child checks before it is replaced by a fresh one (1: a new process per file). */
  recycleAfter?: number;
  /** Heap limit of each child, in MB. */
  maxOldSpaceMb?: number;
  onResult?: (result: CheckResult, index: number) => void;
}

export interface FileToCheck {
  /** Where to read it. */
  path: string;
  /** How to report it (and the file name the parser sees is its last part). */
  file: string;
}

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));
const TSX = import.meta.resolve('tsx');

class Child {
  private proc: ChildProcess | null = null;
  private ready: Promise<void> | null = null;
  private served = 0;
  private stderr = '';

  constructor(private readonly options: RunOptions) {}

  async check(item: FileToCheck, id: number): Promise<CheckResult> {
    if (this.proc && this.served >= (this.options.recycleAfter ?? 50)) this.stop();
    const proc = await this.start();
    this.served++;
    const started = performance.now();
    const ms = () => Math.round(performance.now() - started);
    return new Promise<CheckResult>((resolve) => {
      const done = (result: CheckResult) => {
        clearTimeout(timer);
        proc.off('message', onMessage);
        proc.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (reply: WorkerReply) => {
        if (reply.id === id) done(reply.result);
      };
      const onExit = (code: number | null, signal: string | null) => {
        this.proc = null;
        const last = this.stderr.trim().split('\n').slice(-3).join(' | ');
        done({
          file: item.file,
          status: 'error',
          message: `the checker process died (${signal ?? `exit code ${code}`})${last ? `: ${last}` : ''}`,
          raw: true,
          pages: 0,
          chars: 0,
          ms: ms(),
        });
      };
      const timer = setTimeout(() => {
        proc.off('exit', onExit);
        this.stop();
        done({ file: item.file, status: 'timeout', message: `no result within ${this.options.timeoutMs} ms; the process was killed`, pages: 0, chars: 0, ms: ms() });
      }, this.options.timeoutMs);
      proc.on('message', onMessage);
      proc.once('exit', onExit);
      proc.send({ id, path: item.path, file: item.file } satisfies WorkerRequest);
    });
  }

  stop(): void {
    this.proc?.kill('SIGKILL');
    this.proc = null;
    this.ready = null;
  }

  private async start(): Promise<ChildProcess> {
    if (this.proc && this.ready) {
      await this.ready;
      return this.proc;
    }
    this.served = 0;
    this.stderr = '';
    const proc = fork(WORKER, [], {
      execArgv: ['--import', TSX, `--max-old-space-size=${this.options.maxOldSpaceMb ?? 4096}`],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    proc.stderr!.on('data', (chunk: Buffer) => {
      this.stderr = (this.stderr + chunk.toString()).slice(-4000);
    });
    this.proc = proc;
    this.ready = new Promise<void>((resolve, reject) => {
      const onReady = (m: { id: number }) => {
        if (m.id !== -1) return;
        proc.off('message', onReady);
        resolve();
      };
      proc.on('message', onReady);
      proc.once('exit', (code) => reject(new Error(`the checker process did not start (exit code ${code}): ${this.stderr.trim()}`)));
    });
    await this.ready;
    return proc;
  }
}

/** Checks every file; results come back in the order of `files`. */
export async function runChecks(files: FileToCheck[], options: RunOptions): Promise<CheckResult[]> {
  const results: CheckResult[] = new Array(files.length);
  let next = 0;
  const children = Array.from({ length: Math.max(1, Math.min(options.jobs, files.length)) }, () => new Child(options));
  try {
    await Promise.all(
      children.map(async (child) => {
        while (next < files.length) {
          const index = next++;
          results[index] = await child.check(files[index], index);
          options.onResult?.(results[index], index);
        }
      }),
    );
  } finally {
    for (const child of children) child.stop();
  }
  return results;
}
