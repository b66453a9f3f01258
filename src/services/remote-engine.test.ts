import { afterEach, describe, expect, it } from 'vitest';
import type { LoadProgress } from '../core/embed';
import type { ChatMessage, GenerateOptions, Generation } from '../core/llm';
import { ScriptedEngine } from '../testing/scripted-engine';
import { engineSplitScorer } from '../core/llamachunk';
import type { LlmSettings } from '../core/settings';
import { expose } from '../rpc/expose';
import { LLM_HOST_METHODS } from '../rpc/apis/llm';
import { attachRemoteLlm, llmHostApi, loadRemoteLlm, RemoteEngine, rpcOverPort } from './remote-engine';

const SETTINGS: LlmSettings = { kind: 'webllm', modelId: 'scripted' };
const QUESTION = [{ role: 'user' as const, content: 'What grew?' }];
const open: MessagePort[] = [];

/** A host (as in llm.worker.ts) serving a ScriptedEngine on one end of a channel; the client on the other. */
function connect(engine = new ScriptedEngine([{ match: /grew/, reply: 'Revenue grew by twelve percent this year.' }], [{ match: /grew/, probs: { yes: 0.6, no: 0.2 } }])) {
  const { port1, port2 } = new MessageChannel();
  open.push(port1, port2);
  let loads = 0;
  const api = llmHostApi(async (settings, onProgress) => {
    loads++;
    onProgress({ file: 'weights', loaded: 1, total: 2 });
    return settings.kind === 'none' ? undefined : engine;
  });
  expose(api, port1, LLM_HOST_METHODS);
  return { rpc: rpcOverPort(port2), engine, loads: () => loads, api };
}

/** Yields to the event loop between tokens and reports an abort as the real engines do. */
class SlowEngine extends ScriptedEngine {
  override async generate(_messages: ChatMessage[], options: GenerateOptions = {}): Promise<Generation> {
    options.signal?.throwIfAborted();
    let n = 0;
    for (; n < 1000 && !options.signal?.aborted; n++) {
      await new Promise((r) => setTimeout(r, 1));
      options.onToken?.(`w${n} `);
    }
    return { text: '', promptTokens: 1, completionTokens: n, finishReason: options.signal?.aborted ? 'abort' : 'length' };
  }
}

afterEach(() => {
  for (const p of open.splice(0)) p.close();
});

describe('RemoteEngine over a MessagePort: loading', () => {
  it('loads with progress, streams pieces, and returns the generation', async () => {
    const { rpc } = connect();
    const progress: LoadProgress[] = [];
    const remote = (await loadRemoteLlm(rpc, SETTINGS, (p) => progress.push(p)))!;
    expect(remote).toBeInstanceOf(RemoteEngine);
    expect(remote.info).toEqual({ engine: 'scripted', model: 'scripted', contextWindow: 4096 });
    expect(progress).toEqual([{ file: 'weights', loaded: 1, total: 2 }]);

    const pieces: string[] = [];
    const out = await remote.generate(QUESTION, { maxTokens: 3, onToken: (p) => pieces.push(p) });
    expect(pieces).toEqual(['Revenue ', 'grew ', 'by ']);
    expect(out).toMatchObject({ text: 'Revenue grew by ', completionTokens: 3, finishReason: 'length' });
  });

  it('can wait for a model that is still loading, and stops waiting when it is unloaded', async () => {
    let finish!: () => void;
    const engine = new ScriptedEngine([]);
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    expose(
      llmHostApi(() => new Promise((r) => (finish = () => r(engine)))),
      port1,
      LLM_HOST_METHODS,
    );
    const rpc = rpcOverPort(port2);
    const load = rpc.load(SETTINGS);
    await new Promise((r) => setTimeout(r, 0));
    expect(await attachRemoteLlm(rpc)).toBeUndefined(); // not yet
    const waiting = attachRemoteLlm(rpc, { waitForLoad: true });
    finish();
    await load;
    expect((await waiting)?.info.model).toBe('scripted');

    const second = rpc.load(SETTINGS);
    await new Promise((r) => setTimeout(r, 0));
    const waitingAgain = attachRemoteLlm(rpc, { waitForLoad: true });
    await rpc.unload();
    expect(await waitingAgain).toBeUndefined();
    finish();
    expect(await second).toBeNull();
  });

  it("returns undefined for 'none', says when nothing is loaded, and unloads on dispose", async () => {
    const { rpc } = connect();
    expect(await loadRemoteLlm(rpc, { kind: 'none' })).toBeUndefined();
    expect(await attachRemoteLlm(rpc)).toBeUndefined();
    await expect(new RemoteEngine(rpc, { engine: 'scripted', model: 'x', contextWindow: 1 }).generate(QUESTION)).rejects.toMatchObject({ code: 'not-loaded' });
    const remote = (await loadRemoteLlm(rpc, SETTINGS))!;
    expect((await attachRemoteLlm(rpc))!.info).toEqual(remote.info);
    remote.dispose();
    await expect.poll(() => rpc.info()).toBeNull();
  });
});

describe('RemoteEngine over a MessagePort: scoring and cancelling', () => {
  it('scores next tokens', async () => {
    const { rpc } = connect();
    const remote = (await loadRemoteLlm(rpc, SETTINGS))!;
    const s = await remote.scoreNext(QUESTION, ['yes', 'no']);
    expect(s.probs.yes).toBeCloseTo(0.75, 6);
    expect(s.coverage).toBeCloseTo(0.8, 6);
  });

  it('offers scoreSplits only when the worker engine has it, and forwards it', async () => {
    const bare = connect();
    const plain = (await loadRemoteLlm(bare.rpc, SETTINGS))!;
    expect(plain.scoreSplits).toBeUndefined();
    expect(engineSplitScorer(plain)).toBeUndefined();

    const splits = (w: string, c: string) => [{ start: 0, end: w.length, logProb: c === '段' ? -1 : -9 }];
    const { rpc } = connect(new ScriptedEngine([], [], '', splits));
    const remote = (await loadRemoteLlm(rpc, SETTINGS))!;
    expect(remote.info.splitScores).toBe(true);
    expect(await remote.scoreSplits!('some text', { splitChar: '段' })).toEqual([{ start: 0, end: 9, logProb: -1 }]);
    expect(await engineSplitScorer(remote)!.score('abc')).toEqual([{ start: 0, end: 3, logProb: -1 }]);
    const ac = new AbortController();
    ac.abort();
    await expect(remote.scoreSplits!('x', { splitChar: '段', signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
    // The host refuses clearly when its engine cannot score splits.
    await expect(bare.rpc.scoreSplits('x', '段')).rejects.toMatchObject({ message: expect.stringMatching(/cannot read split-token probabilities/) });
  });

  it('cancels a generation through its signal', async () => {
    const { rpc } = connect(new SlowEngine());
    const remote = (await loadRemoteLlm(rpc, SETTINGS))!;
    const ac = new AbortController();
    let pieces = 0;
    // The caller is released at once; the worker is told to stop.
    await expect(remote.generate(QUESTION, { signal: ac.signal, onToken: () => ++pieces === 5 && ac.abort() })).rejects.toMatchObject({ name: 'AbortError' });
    expect(pieces).toBe(5);
    await expect(remote.generate(QUESTION, { signal: ac.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('RemoteEngine over a MessagePort: other connections', () => {
  it('serves a second connection from the same host (as the worker does for other workers)', async () => {
    const { api, rpc } = connect();
    await loadRemoteLlm(rpc, SETTINGS);
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    expose(api, port1, LLM_HOST_METHODS);
    const second = (await attachRemoteLlm(rpcOverPort(port2)))!;
    expect((await second.generate(QUESTION, { maxTokens: 2 })).text).toBe('Revenue grew ');
  });

  it("answers WebLLM's model list from the host's catalogue, and says when it has none", async () => {
    const { rpc } = connect();
    await expect(rpc.webLlmModels()).rejects.toThrow(/not available here/);
    const { port1, port2 } = new MessageChannel();
    open.push(port1, port2);
    const catalogue = { webgpu: 'no-adapter' as const, shaderF16: false, models: [{ id: 'm-q4f32_1-MLC', label: 'm', vramMB: 900, contextWindow: 4096, lowResource: true }] };
    expose(
      llmHostApi(
        async () => undefined,
        async () => catalogue,
      ),
      port1,
      LLM_HOST_METHODS,
    );
    expect(await rpcOverPort(port2).webLlmModels()).toEqual(catalogue);
  });
});
