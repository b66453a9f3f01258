/**
 * `npm start`: builds the app and serves it, printing where to open it and little else. The
 * build's own report (a line per file) is kept back unless the build fails; then it is shown
 * whole, with the reason. `--port N` serves on another port (default 4173). Stopping it (Ctrl+C,
 * SIGTERM) stops the build or the server with it (child-group).
 */
import { parseArgs } from 'node:util';
import { runGroup } from './child-group';

const { values } = parseArgs({ options: { port: { type: 'string', default: '4173' } } });
const env = { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' };

const t0 = performance.now();
process.stdout.write('Building Sieve… ');
let log = '';
const built = await runGroup('npx', ['vite', 'build'], (text) => (log += text), env);
if (built !== 0) {
  process.stdout.write('failed.\n\n');
  process.stderr.write(log);
  process.exit(built);
}
process.stdout.write(`done in ${((performance.now() - t0) / 1000).toFixed(0)} s.\n`);

const url = `http://localhost:${values.port}/`;
let shown = false;
let served = '';
const code = await runGroup(
  'npx',
  ['vite', 'preview', '--port', values.port!, '--strictPort'],
  (text) => {
    served += text;
    if (!shown && served.includes(`:${values.port}`)) {
      shown = true;
      process.stdout.write(`Sieve is running at ${url}  (Ctrl+C stops it)\n`);
    }
  },
  env,
);
if (code !== 0) {
  process.stderr.write(`\nThe server stopped (exit ${code}):\n${served}`);
  if (/port .* is already in use|EADDRINUSE/i.test(served)) process.stderr.write(`Port ${values.port} is taken: stop what uses it, or run npm start -- --port 4174\n`);
  process.exit(code);
}
