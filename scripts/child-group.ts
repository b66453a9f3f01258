/**
 * A command run as a process group of its own, stopped whole when this process is stopped:
 * `npx vite preview` is npx, then node, then vite's server; a signal to npx alone left the server
 * serving on its port after `npm start` had been stopped.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:os';

const STOPPING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/** How long the group has to exit after a stop signal before it is killed outright. */
const GRACE_MS = 3000;

/**
 * Runs `cmd args` in its own process group, passing what it prints to `onOutput`; resolves with
 * its exit code. A SIGINT, SIGTERM or SIGHUP to this process is passed on to the whole group
 * (SIGKILL after GRACE_MS), and this process then exits with 128 + the signal's number.
 */
export function runGroup(cmd: string, args: string[], onOutput: (text: string) => void, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const signalGroup = (signal: NodeJS.Signals) => stopGroup(child.pid!, signal);
    const onStop = (signal: NodeJS.Signals) => {
      signalGroup(signal);
      const kill = setTimeout(() => signalGroup('SIGKILL'), GRACE_MS);
      child.once('close', () => {
        clearTimeout(kill);
        process.exit(128 + constants.signals[signal]);
      });
    };
    for (const s of STOPPING) process.once(s, onStop);
    // This process ending any other way (an uncaught error, process.exit) takes the group with it.
    const onExit = () => signalGroup('SIGTERM');
    process.once('exit', onExit);
    child.stdout.on('data', (d: Buffer) => onOutput(d.toString()));
    child.stderr.on('data', (d: Buffer) => onOutput(d.toString()));
    const done = (code: number) => {
      for (const s of STOPPING) process.off(s, onStop);
      process.off('exit', onExit);
      resolve(code);
    };
    child.on('error', (e) => {
      onOutput(`${cmd}: ${e.message}\n`);
      done(1);
    });
    child.on('close', (code) => done(code ?? 1));
  });
}

/** Sends `signal` to the process group led by `pid` (a child spawned with `detached: true`); a group already gone is no error. */
export function stopGroup(pid: number, signal: NodeJS.Signals = 'SIGTERM'): void {
  try {
    process.kill(-pid, signal);
  } catch {
    /* already gone */
  }
}
