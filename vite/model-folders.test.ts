import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { modelFolders } from './model-folders';
import type { MiddlewareServer } from './serve-file';

type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** The manifest a preview server with the plugin answers at /models/manifest.json. */
function servedManifest(): { models: Array<{ id: string; randomWeights?: boolean }> } {
  let handler: Middleware | undefined;
  const server: MiddlewareServer = { middlewares: { use: (fn) => (handler = fn) } };
  const plugin = modelFolders() as unknown as { configurePreviewServer: (s: MiddlewareServer) => void };
  plugin.configurePreviewServer(server);
  let body = '';
  const res = { setHeader: () => undefined, end: (b: string) => (body = b) } as unknown as ServerResponse;
  handler!({ url: '/models/manifest.json' } as IncomingMessage, res, () => undefined);
  return JSON.parse(body);
}

describe('the served model folders', () => {
  const before = process.env.SIEVE_TEST_MODELS;
  afterEach(() => {
    if (before === undefined) delete process.env.SIEVE_TEST_MODELS;
    else process.env.SIEVE_TEST_MODELS = before;
  });

  it('never list the random-weight test models to a user', () => {
    delete process.env.SIEVE_TEST_MODELS;
    expect(servedManifest().models.filter((m) => m.randomWeights)).toEqual([]);
  });

  it('list them to the tests that ask for them', () => {
    process.env.SIEVE_TEST_MODELS = '1';
    expect(
      servedManifest()
        .models.filter((m) => m.randomWeights)
        .map((m) => m.id),
    ).toContain('sieve/tiny-causal-lm');
  });
});
