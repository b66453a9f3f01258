import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, normalize } from 'node:path';

export interface HubMirror {
  /** e.g. 'http://127.0.0.1:PORT/' — pass as remoteHost. */
  url: string;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

/**
 * Test helper (Node): serves a local models folder with the hub's URL layout,
 * `/{owner}/{name}/resolve/{revision}/{file}` → `{modelsDir}/{owner}/{name}/{file}`.
 */
export async function startHubMirror(modelsDir: string): Promise<HubMirror> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]);
    requests.push(path);
    const match = /^\/([^/]+\/[^/]+)\/resolve\/[^/]+\/(.+)$/.exec(path);
    const file = match ? normalize(join(modelsDir, match[1], match[2])) : '';
    if (!match || !file.startsWith(modelsDir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'Content-Length': statSync(file).size, 'Content-Type': 'application/octet-stream' });
    if (req.method === 'HEAD') res.end();
    else createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections(); // fetch keeps connections alive; don't wait them out
      }),
  };
}
