import type { LoadProgress } from '../../core/embed';
import { describeCause, ModelLoadError, modelNoun } from '../../core/models';
import { llmModelName } from '../../core/settings';
import { runtimeEnv, type RuntimeEnv } from '../../adapters/env';
import { TASKS } from './tasks';
import type { LoadedModels, ModelKind, ModelSpec, TaskTable } from './types';

type AnyTask = (spec: unknown, onProgress: (p: LoadProgress) => void, env: RuntimeEnv) => Promise<unknown>;

/**
 * Loads the model `spec` names for `kind`, through the runtime its engine maps to (see TASKS):
 * an Embedder, an LlmEngine or a reranker; undefined for 'none'. Every failure is a
 * ModelLoadError naming the model and the cause: the runtimes' own are passed on as they are,
 * anything else (a runtime that failed to download, say) is wrapped with code 'load'.
 */
export async function loadModel<K extends ModelKind>(
  kind: K,
  spec: ModelSpec<K>,
  onProgress: (p: LoadProgress) => void = () => {},
  tasks: TaskTable = TASKS,
): Promise<LoadedModels[K]> {
  const engine: string = spec.kind;
  const model = modelName(kind, spec);
  const engines = (tasks as unknown as Record<string, Record<string, AnyTask> | undefined>)[kind];
  const task = engines && Object.hasOwn(engines, engine) ? engines[engine] : undefined;
  if (!task) {
    const known = Object.keys(engines ?? {}).join(', ');
    throw new ModelLoadError({
      kind,
      engine,
      model,
      code: 'unknown-engine',
      message: `There is no "${engine}" runtime for the ${modelNoun(kind) ?? kind} "${model}" (known: ${known || 'none'}). Choose another engine in Settings.`,
    });
  }
  try {
    return (await task(spec, onProgress, await runtimeEnv())) as LoadedModels[K];
  } catch (e) {
    if (e instanceof ModelLoadError || (e instanceof Error && e.name === 'AbortError')) throw e;
    const cause = describeCause(e);
    throw new ModelLoadError({
      kind,
      engine,
      model,
      code: 'load',
      message: cause.includes(model) ? cause : `Loading the ${modelNoun(kind)} "${model}" failed: ${cause}`,
      cause: e,
    });
  }
}

/** The name a user knows the model by, for messages. */
function modelName<K extends ModelKind>(kind: K, spec: ModelSpec<K>): string {
  if (kind === 'llm') {
    const llm = spec as ModelSpec<'llm'>;
    return llm.kind === 'none' ? 'no language model' : llmModelName(llm);
  }
  if (spec.kind === 'use-lite') return 'Universal Sentence Encoder lite';
  return (spec as { modelId?: string }).modelId ?? spec.kind;
}
