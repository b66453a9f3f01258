import { resolve } from 'node:path';

/** The repository root: the build plugins read node_modules, package.json and the model folders from it. */
export const ROOT = resolve(import.meta.dirname, '..');
