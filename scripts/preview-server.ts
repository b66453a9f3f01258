/** The built app served by `vite preview` for the Chromium benchmarks, started and stopped as a process group. */
import { spawn } from 'node:child_process';
import { stopGroup } from './child-group';

export async function startPreview(port: number): Promise<{ url: string; stop: () => void }> {
  const url = `http://localhost:${port}/`;
  const server = spawn('npx', ['vite', 'preview', '--port', String(port), '--strictPort'], { stdio: 'ignore', detached: true });
  const stop = () => stopGroup(server.pid!);
  try {
    await waitForServer(url);
  } catch (e) {
    stop();
    throw e;
  }
  return { url, stop };
}

async function waitForServer(u: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(u)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`preview server did not start on ${u}`);
}
