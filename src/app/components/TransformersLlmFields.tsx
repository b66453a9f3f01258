import type { ManifestModel } from '../../core/models';
import { SUGGESTED_LLMS } from '../model-catalogue';
import { TransformersModelFields } from './TransformersModelFields';
import type { TransformersLlm } from './llm-engine-drafts';

const LLM_DTYPES = ['fp32', 'fp16', 'q8', 'q4'] as const;

/** A transformers.js text-generation model and its weight precision. */
export function TransformersLlmFields({
  value: draft,
  onChange: setDraft,
  siteModels,
}: {
  value: TransformersLlm;
  onChange(next: TransformersLlm): void;
  /** Text-generation models in transformers.js format the site serves itself. */
  siteModels: ManifestModel[];
}) {
  return (
    <div className="indent">
      <TransformersModelFields<TransformersLlm>
        value={draft}
        onChange={setDraft}
        labels={{ model: 'LLM model name', source: 'LLM weights from', baseUrl: 'LLM models folder URL', device: 'LLM runs on' }}
        suggestions={SUGGESTED_LLMS}
        listId="llm-models"
        siteModels={siteModels}
        dtypes={LLM_DTYPES}
      />
      <label>
        LLM weight precision{' '}
        <select value={draft.dtype ?? ''} onChange={(x) => setDraft({ ...draft, dtype: (x.target.value || undefined) as TransformersLlm['dtype'] })}>
          <option value="">Default (q8 on WASM, fp32 on WebGPU)</option>
          <option value="fp32">fp32</option>
          <option value="fp16">fp16</option>
          <option value="q8">q8 (8-bit)</option>
          <option value="q4">q4 (4-bit)</option>
          <option value="q4f16">q4f16 (4-bit, 16-bit activations)</option>
        </select>
      </label>
    </div>
  );
}
