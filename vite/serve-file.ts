import { createReadStream, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { servedHeaders } from './content-security-policy';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** A dev or preview server, as far as the plugins that serve files use it. */
export interface MiddlewareServer {
  middlewares: { use: (fn: Middleware) => void };
}

const TYPES: Record<string, string> = {
  js: 'text/javascript',
  gz: 'application/gzip',
  json: 'application/json',
  wasm: 'application/wasm',
  mjs: 'text/javascript',
  onnx: 'application/octet-stream',
  gguf: 'application/octet-stream',
  md: 'text/markdown',
};

/** The Content-Type of a served file, by its extension. */
export function contentType(path: string): string {
  const ext = path.split('.').pop() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Sends a file, honouring a single `Range: bytes=a-b` (llama.cpp's loader reads the header first). */
export function sendFile(req: IncomingMessage, res: ServerResponse, path: string) {
  const size = statSync(path).size;
  res.setHeader('Content-Type', contentType(path));
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', 'no-cache');
  for (const [name, value] of Object.entries(servedHeaders(path))) res.setHeader(name, value);
  const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
  if (range && (range[1] || range[2])) {
    const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
    const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
    if (start > end || start >= size) {
      res.statusCode = 416;
      res.setHeader('Content-Range', `bytes */${size}`);
      return res.end();
    }
    res.statusCode = 206;
    res.setHeader('Content-Range', `bytes ${start}-${end}/${size}`);
    res.setHeader('Content-Length', end - start + 1);
    return createReadStream(path, { start, end }).pipe(res);
  }
  res.setHeader('Content-Length', size);
  createReadStream(path).pipe(res);
}
