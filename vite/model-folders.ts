import type { Plugin } from 'vite';
import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { EMPTY_MANIFEST, MANIFEST_VERSION, parseManifest, type Manifest } from '../src/core/models';
import { ROOT } from './paths';
import { sendFile, type MiddlewareServer } from './serve-file';
import { servedHeaders } from './content-security-policy';

/**
 * Model folders served at /models/: `models/` (real weights fetched by `npm run models`,
 * git-ignored) and `test/models/` (random-weight test models, generated). Only `models/` goes
 * into a build. The test models are served only to tests (SIEVE_TEST_MODELS=1, which the
 * browser tests and the scripts set), so `npm start` and `npm run dev` never offer a user a
 * model with random weights. The manifest the app reads is the union of the served folders'.
 */
const MODEL_ROOTS = [
  { dir: resolve(ROOT, 'models'), ship: true, test: false },
  { dir: resolve(ROOT, 'test/models'), ship: false, test: true },
];

/** The folders served now: the test models only when tests asked for them. */
function servedRoots() {
  return MODEL_ROOTS.filter((r) => !r.test || process.env.SIEVE_TEST_MODELS === '1');
}

function readManifest(dir: string): Manifest {
  const path = join(dir, 'manifest.json');
  return existsSync(path) ? parseManifest(readFileSync(path, 'utf8'), path) : EMPTY_MANIFEST;
}

export function modelFolders(): Plugin {
  const serve = (server: MiddlewareServer) => {
    server.middlewares.use((req, res, next) => {
      const url = decodeURIComponent((req.url ?? '').split('?')[0]);
      if (!url.startsWith('/models/')) return next();
      const rel = url.slice('/models/'.length);
      if (rel === 'manifest.json') {
        const models = servedRoots().flatMap((r) => readManifest(r.dir).models);
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-cache');
        for (const [name, value] of Object.entries(servedHeaders(url))) res.setHeader(name, value);
        res.end(JSON.stringify({ version: MANIFEST_VERSION, models }));
        return;
      }
      if (rel.split('/').includes('..')) return next();
      const root = servedRoots().find((r) => existsSync(join(r.dir, rel)) && statSync(join(r.dir, rel)).isFile());
      if (!root) return next();
      sendFile(req, res, join(root.dir, rel));
    });
  };
  let outDir: string | undefined;
  return {
    name: 'sieve-model-folders',
    configResolved(config) {
      // Vite also calls closeBundle when a dev server (or vitest) stops: only a build ships models.
      outDir = config.command === 'build' ? config.build.outDir : undefined;
    },
    configureServer: serve,
    configurePreviewServer: serve,
    closeBundle() {
      if (!outDir) return;
      const out = resolve(ROOT, outDir, 'models');
      rmSync(out, { recursive: true, force: true });
      for (const root of MODEL_ROOTS.filter((r) => r.ship && existsSync(r.dir))) {
        linkTree(root.dir, out);
      }
      mkdirSync(out, { recursive: true });
      writeFileSync(
        join(out, 'manifest.json'),
        JSON.stringify({ version: MANIFEST_VERSION, models: MODEL_ROOTS.filter((r) => r.ship).flatMap((r) => readManifest(r.dir).models) }),
      );
    },
  };
}

/** Weights can be hundreds of MB: hard-link them into the build where the file system allows, else copy. */
function linkTree(from: string, to: string) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    if (statSync(src).isDirectory()) linkTree(src, dst);
    else if (!name.endsWith('.part') && name !== 'manifest.json') {
      try {
        linkSync(src, dst);
      } catch {
        copyFileSync(src, dst);
      }
    }
  }
}
