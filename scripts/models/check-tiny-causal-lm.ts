/**
 * Loads the tiny causal LM through transformers.js in Node and exercises what the app needs:
 * chat template, streamed generation and next-token probabilities.
 *
 *   npx tsx scripts/models/check-tiny-causal-lm.ts [--backend node|web] [--dtype fp32|fp16|q8] [modelsDir]
 *
 * --backend node (default): onnxruntime-node, device 'cpu'.
 * --backend web: onnxruntime-web's WASM build, the runtime the browser app uses. transformers.js
 *   only offers onnxruntime-node in Node, so the web runtime is handed to it through
 *   globalThis[Symbol.for('onnxruntime')]; its device table is then empty, hence device 'auto' with
 *   an explicit executionProviders: ['wasm'] (in a browser, device: 'wasm' does the same).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TINY_CAUSAL_LM_ID, TINY_CAUSAL_LM_SPLIT_MARKER } from '../../src/adapters/transformers/tiny-causal-lm';
import { isMainModule, REPO_ROOT } from './write-model';

type Backend = 'node' | 'web';
type Dtype = 'fp32' | 'fp16' | 'q8';

export interface CheckReport {
  prompt: string;
  promptTokens: number;
  streamedTokens: number;
  streamedText: string;
  generatedText: string;
  logitsDims: number[];
  probabilities: Record<string, number>;
  top: Array<{ id: number; token: string; p: number }>;
}

async function transformersFor(backend: Backend) {
  if (backend === 'web') {
    const ort = await import('onnxruntime-web');
    ort.env.wasm.wasmPaths = pathToFileURL(join(REPO_ROOT, 'node_modules/onnxruntime-web/dist/')).href;
    ort.env.wasm.numThreads = 1;
    (globalThis as Record<symbol, unknown>)[Symbol.for('onnxruntime')] = ort;
  }
  return import('@huggingface/transformers');
}

export async function checkTinyCausalLm(modelsDir: string, backend: Backend = 'node', dtype: Dtype = 'fp32'): Promise<CheckReport> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- Tensor is needed for its type only
  const { env, pipeline, TextStreamer, Tensor } = await transformersFor(backend);
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.localModelPath = modelsDir.endsWith('/') ? modelsDir : `${modelsDir}/`;

  const device = backend === 'web' ? { device: 'auto' as const, session_options: { executionProviders: ['wasm'] } } : { device: 'cpu' as const };
  const generator = await pipeline('text-generation', TINY_CAUSAL_LM_ID, { dtype, ...device });
  try {
    const { tokenizer, model } = generator;

    // 1. Chat template.
    const messages = [
      { role: 'system', content: 'Answer from the sources.' },
      { role: 'user', content: 'Is the sky blue? Answer yes or no.' },
    ];
    const prompt = tokenizer.apply_chat_template(messages, { tokenize: false, add_generation_prompt: true }) as string;

    // 2. Streamed generation: token_callback_function fires once per new token.
    let streamedTokens = 0;
    let streamedText = '';
    const streamer = new TextStreamer(tokenizer, {
      skip_prompt: true,
      token_callback_function: () => streamedTokens++,
      callback_function: (text: string) => (streamedText += text),
    });
    const output = (await generator(messages, { max_new_tokens: 8, do_sample: false, streamer })) as Array<{
      generated_text: Array<{ role: string; content: string }>;
    }>;
    const generatedText = output[0].generated_text.at(-1)?.content ?? '';

    // 3. One forward pass: logits [1, seq, vocab]; softmax of the last row.
    const inputs = tokenizer(prompt, { add_special_tokens: false });
    const { logits } = (await model(inputs)) as { logits: InstanceType<typeof Tensor> };
    const [, seqLen, vocabSize] = logits.dims;
    const last = (logits.data as Float32Array).subarray((seqLen - 1) * vocabSize, seqLen * vocabSize);
    const max = last.reduce((m, v) => Math.max(m, v), -Infinity);
    const exps = Array.from(last, (v) => Math.exp(v - max));
    const sum = exps.reduce((s, v) => s + v, 0);
    const probabilities: Record<string, number> = {};
    for (const text of ['5', ' yes', ' no', TINY_CAUSAL_LM_SPLIT_MARKER]) {
      const ids = tokenizer.encode(text, { add_special_tokens: false });
      if (ids.length !== 1) throw new Error(`${JSON.stringify(text)} is ${ids.length} tokens`);
      probabilities[text] = exps[ids[0]] / sum;
    }
    const top = exps
      .map((e, id) => ({ id, token: tokenizer.decode([id]), p: e / sum }))
      .sort((a, b) => b.p - a.p)
      .slice(0, 3);
    return {
      prompt,
      promptTokens: inputs.input_ids.dims[1],
      streamedTokens,
      streamedText,
      generatedText,
      logitsDims: [...logits.dims],
      probabilities,
      top,
    };
  } finally {
    await generator.dispose();
  }
}

if (isMainModule(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(name);
    return i < 0 ? undefined : args.splice(i, 2)[1];
  };
  const backend = (option('--backend') ?? 'node') as Backend;
  const dtype = (option('--dtype') ?? (backend === 'web' ? 'q8' : 'fp32')) as Dtype;
  const modelsDir = resolve(args[0] ?? join(REPO_ROOT, 'test/models'));
  const report = await checkTinyCausalLm(modelsDir, backend, dtype);
  console.log(JSON.stringify({ backend, dtype, ...report }, null, 2));
  if (report.streamedTokens !== 8) throw new Error(`streamed ${report.streamedTokens} tokens, expected 8`);
}
