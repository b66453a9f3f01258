import { readFileSync } from 'node:fs';
import { unzipSync } from 'fflate';
import { FetchError } from './download';

/** Reads the named entries of a wheel (a zip file); throws naming the wheel and any entry missing. */
export function readWheelEntries(wheelPath: string, names: string[]): Map<string, Uint8Array> {
  let files: Record<string, Uint8Array>;
  try {
    const wanted = new Set(names);
    files = unzipSync(readFileSync(wheelPath), { filter: (f) => wanted.has(f.name) });
  } catch (e) {
    throw new FetchError(`${wheelPath} is not a readable wheel (zip): ${(e as Error).message}`);
  }
  const missing = names.filter((n) => !(n in files));
  if (missing.length) throw new FetchError(`${wheelPath} lacks ${missing.join(', ')}`);
  return new Map(names.map((n) => [n, files[n]]));
}
