import type { WebLlmModelList } from '../state';

const gb = (mb: number) => `${(mb / 1024).toFixed(1)} GB`;

/** What WebLLM offers here, for the models overview: how many models this GPU can run and their memory, once the list is read. */
export function webLlmSummary(webllm: WebLlmModelList | undefined): string {
  return webllm?.state === 'ready'
    ? webllm.models.length > 0
      ? `WebLLM: ${webllm.models.length} models this GPU can run, needing ${gb(Math.min(...webllm.models.map((m) => m.vramMB)))}–${gb(Math.max(...webllm.models.map((m) => m.vramMB)))} of GPU memory; pick one under Language model › WebLLM.`
      : 'WebLLM: no models can run here (it needs WebGPU).'
    : 'WebLLM’s models (WebGPU, about 1–8 GB of GPU memory each) are listed under Language model when you choose WebLLM.';
}
