import type { LabDraft } from '../lab-draft';
import { NumberField } from './NumberField';
import { SemanticBreakpoint } from './SemanticBreakpoint';

/** The chunkings the lab compares, and the parameter sweeps; `splitScores`: a loaded model can score LLM boundaries. */
export function LabChunkingsField({ draft, set, splitScores }: { draft: LabDraft; set(patch: Partial<LabDraft>): void; splitScores: boolean }) {
  return (
    <fieldset>
      <legend>Chunkings</legend>
      <NumberField label="Fixed size" min={50} step={1} value={draft.size} onChange={(size) => set({ size })} />{' '}
      <NumberField label="Overlap" min={0} step={1} value={draft.overlap} onChange={(overlap) => set({ overlap })} />
      <br />
      <SemanticBreakpoint chunker={draft} thetaLabel="Semantic θ" onChange={(d) => set({ threshold: d.threshold, percentile: d.percentile })} />{' '}
      <NumberField label="Max characters" min={50} step={1} value={draft.maxChars} onChange={(maxChars) => set({ maxChars })} />
      <br />
      <label>
        <input type="checkbox" checked={draft.llm && splitScores} disabled={!splitScores} onChange={(e) => set({ llm: e.target.checked })} /> LLM boundaries (LlamaChunk)
      </label>
      {!splitScores && <span className="muted small"> — needs a GGUF model on the CPU or a transformers.js model, loaded in Settings (it reads split-token probabilities).</span>}
      <br />
      <label>
        <input type="checkbox" checked={draft.sweepFixed} onChange={(e) => set({ sweepFixed: e.target.checked })} /> Sweep fixed sizes
      </label>{' '}
      <input aria-label="Sweep sizes" value={draft.sizes} disabled={!draft.sweepFixed} onChange={(e) => set({ sizes: e.target.value })} /> × overlaps (fractions of the size){' '}
      <input aria-label="Sweep overlaps" value={draft.overlaps} disabled={!draft.sweepFixed} onChange={(e) => set({ overlaps: e.target.value })} />
      <br />
      <label>
        <input type="checkbox" checked={draft.sweepTheta} onChange={(e) => set({ sweepTheta: e.target.checked })} /> Sweep θ
      </label>{' '}
      <input aria-label="Sweep θ values" value={draft.thetas} disabled={!draft.sweepTheta} onChange={(e) => set({ thetas: e.target.value })} />
      <br />
      <label>
        <input type="checkbox" checked={draft.sweepPercentile} onChange={(e) => set({ sweepPercentile: e.target.checked })} /> Sweep percentiles of each document’s similarities
      </label>{' '}
      <input aria-label="Sweep percentiles" value={draft.percentiles} disabled={!draft.sweepPercentile} onChange={(e) => set({ percentiles: e.target.value })} />
    </fieldset>
  );
}
