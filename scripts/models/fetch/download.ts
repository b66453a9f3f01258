import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, statSync, unlinkSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { dirname } from 'node:path';

/** A download or checksum failure, naming the file and the cause. */
export class FetchError extends Error {
  override name = 'FetchError';
}

export interface DownloadProgress {
  file: string;
  loaded: number;
  total: number;
}

export interface DownloadOptions {
  url: string;
  dest: string;
  /** Expected sha256 (hex) of the whole file; checked before the file is moved into place. */
  sha256?: string;
  /** Expected size in bytes, when known; also the progress total. */
  bytes?: number;
  /** Label for messages and progress (defaults to the destination). */
  label?: string;
  onProgress?(p: DownloadProgress): void;
  fetchImpl?: typeof fetch;
  signal?: AbortSignal;
}

export async function sha256File(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Downloads `url` to `dest` through `dest.part`: an interrupted download resumes from the bytes
 * already there (HTTP Range), and the file appears at `dest` only once complete and, when a
 * checksum is given, verified. An existing `dest` with the right checksum is kept as is.
 */
export async function download(o: DownloadOptions): Promise<{ path: string; sha256: string; bytes: number; resumedFrom: number }> {
  const label = o.label ?? o.dest;
  const f = o.fetchImpl ?? fetch;
  if (existsSync(o.dest)) {
    const sha = await sha256File(o.dest);
    if (!o.sha256 || sha === o.sha256) return { path: o.dest, sha256: sha, bytes: statSync(o.dest).size, resumedFrom: statSync(o.dest).size };
    unlinkSync(o.dest);
  }
  mkdirSync(dirname(o.dest), { recursive: true });
  const part = `${o.dest}.part`;
  let have = existsSync(part) ? statSync(part).size : 0;
  if (o.bytes !== undefined && have > o.bytes) {
    unlinkSync(part);
    have = 0;
  }
  const resumedFrom = have;
  if (o.bytes === undefined || have < o.bytes) {
    let res: Response;
    try {
      res = await f(o.url, { headers: have > 0 ? { Range: `bytes=${have}-` } : {}, signal: o.signal });
    } catch (e) {
      throw new FetchError(`${label}: cannot reach ${o.url} (${(e as Error).message})`);
    }
    if (res.status === 416 && have > 0) {
      // The server has nothing past what we hold: the part file is already whole.
    } else if (!res.ok) {
      throw new FetchError(`${label}: ${o.url} answered HTTP ${res.status}${res.status === 404 ? ' (not found)' : ''}`);
    } else {
      if (have > 0 && res.status !== 206) have = 0; // the server ignored the range: start again
      const length = Number(res.headers.get('content-length') ?? NaN);
      const total = o.bytes ?? (Number.isFinite(length) ? have + length : 0);
      const file = await open(part, have > 0 ? 'a' : 'w');
      let loaded = have;
      try {
        if (!res.body) throw new FetchError(`${label}: ${o.url} sent no body`);
        let last = 0;
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          await file.write(chunk);
          loaded += chunk.length;
          const now = Date.now();
          if (now - last > 200) {
            o.onProgress?.({ file: label, loaded, total });
            last = now;
          }
        }
      } catch (e) {
        if (e instanceof FetchError) throw e;
        throw new FetchError(`${label}: the download was cut off after ${loaded} of ${total || '?'} bytes (${(e as Error).message}); run the same command again to resume`);
      } finally {
        await file.close();
      }
      o.onProgress?.({ file: label, loaded, total });
      if (Number.isFinite(length) && loaded - have !== length) {
        throw new FetchError(`${label}: the download was cut off after ${loaded} of ${have + length} bytes; run the same command again to resume`);
      }
    }
  }
  const size = statSync(part).size;
  if (o.bytes !== undefined && size !== o.bytes) {
    throw new FetchError(`${label}: got ${size} bytes, expected ${o.bytes}; run the same command again to resume`);
  }
  const sha = await sha256File(part);
  if (o.sha256 && sha !== o.sha256) {
    unlinkSync(part);
    throw new FetchError(`${label}: checksum mismatch (sha256 ${sha}, expected ${o.sha256}); the damaged download was removed`);
  }
  renameSync(part, o.dest);
  return { path: o.dest, sha256: sha, bytes: size, resumedFrom };
}
