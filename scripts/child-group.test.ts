import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Whether a process is still running. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(ok: () => boolean, ms: number): Promise<boolean> {
  for (const t0 = Date.now(); Date.now() - t0 < ms;) {
    if (ok()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return ok();
}

describe('runGroup', () => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops the child and its children when this process gets ${signal}, and exits by the signal`, async () => {
      // As `npm start` runs it: tsx (the package script execs it) passing signals on to the script's node process.
      const driver = spawn(process.execPath, ['node_modules/.bin/tsx', 'scripts/fixtures/child-group-driver.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
      let out = '';
      driver.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => driver.on('close', (code) => resolve(code)));
      expect(await until(() => /pids \d+ \d+/.test(out), 20_000)).toBe(true);
      const [child, grandchild] = /pids (\d+) (\d+)/.exec(out)!.slice(1).map(Number);
      expect(alive(child) && alive(grandchild)).toBe(true);
      driver.kill(signal);
      const code = await exited;
      expect(await until(() => !alive(child) && !alive(grandchild), 5000)).toBe(true);
      expect(code).toBe(128 + (signal === 'SIGTERM' ? 15 : 2));
    }, 30_000);
  }
});
