import { NeedsLlm, SettingGroup, SettingNumber, SettingSelect, SettingToggle, type ControlContext } from './SettingControls';

/** Search: the mode, the weights (shared by the Search tab and questions) and how many results. */
export function SearchFields({ ctx }: { ctx: ControlContext }) {
  const mode = ctx.draft.search.mode;
  return (
    <>
      <SettingSelect id="search.mode" ctx={ctx} />
      {mode === 'hybrid' && (
        <div className="setting-pair">
          <SettingNumber id="weights.bm25" ctx={ctx} />
          <SettingNumber id="weights.dense" ctx={ctx} />
        </div>
      )}
      <SettingNumber id="search.limit" ctx={ctx} />
    </>
  );
}

/** The question pipeline's everyday choices; the fine-tuning is under Advanced. */
export function QuestionPipelineFields({ ctx }: { ctx: ControlContext }) {
  return (
    <>
      <SettingToggle id="pipeline.routing" ctx={ctx} />
      <SettingNumber id="pipeline.candidates" ctx={ctx} />
      <SettingNumber id="pipeline.duplicateThreshold" ctx={ctx} />
      <SettingNumber id="threshold.floor" ctx={ctx} />
      <SettingNumber id="pipeline.contextBudget" ctx={ctx} />
      <SettingToggle id="segments.enabled" ctx={ctx} />
      {ctx.draft.pipeline.segments.enabled && (
        <div className="indent">
          <SettingSelect id="segments.preset" ctx={ctx} />
        </div>
      )}
      <NeedsLlm ctx={ctx} title="With a language model">
        {(q) => (
          <>
            <SettingToggle id="pipeline.modelChoosesPassages" ctx={q} />
            <SettingToggle id="pipeline.rewrite" ctx={q} />
            <SettingSelect id="pipeline.llmAnswer" ctx={q} />
            <SettingToggle id="pipeline.modelSentence" ctx={q} />
            <SettingToggle id="pipeline.modelVerdicts" ctx={q} />
            {q.draft.pipeline.modelVerdicts.enabled && (
              <div className="indent">
                <SettingNumber id="modelVerdicts.margin" ctx={q} />
              </div>
            )}
            <SettingNumber id="pipeline.maxAnswerTokens" ctx={q} />
          </>
        )}
      </NeedsLlm>
    </>
  );
}

/** Advanced: grading, the threshold, retrieval-only tuning, segments, and the language model as retriever. */
export function AdvancedFields({ ctx }: { ctx: ControlContext }) {
  const retriever = ctx.draft.pipeline.llmRetriever;
  return (
    <>
      <NeedsLlm ctx={ctx} title="Grading (ChunkRAG)">
        {(q) => (
          <>
            <SettingSelect id="grading.mode" ctx={q} />
            <div className="setting-pair three">
              <SettingNumber id="grading.base" ctx={q} />
              <SettingNumber id="grading.reflection" ctx={q} />
              <SettingNumber id="grading.critic" ctx={q} />
            </div>
            {ctx.draft.pipeline.grading.mode === 'logprob' && <SettingNumber id="grading.reflectionMargin" ctx={q} />}
            {ctx.draft.pipeline.grading.mode === 'generate' && <SettingNumber id="grading.maxScoreTokens" ctx={q} />}
          </>
        )}
      </NeedsLlm>
      <SettingGroup title="Grade threshold">
        <SettingSelect id="threshold.mode" ctx={ctx} />
        <SettingNumber id="threshold.epsilon" ctx={ctx} />
      </SettingGroup>
      <SettingGroup title="Without a language model" note="Used while no language model is loaded: chunks are graded by their search scores.">
        <SettingNumber id="threshold.minDense" ctx={ctx} />
        <SettingNumber id="threshold.relative" ctx={ctx} />
      </SettingGroup>
      <SettingGroup
        title="Relevant segments (dsRAG)"
        note={ctx.draft.pipeline.segments.enabled ? undefined : 'Used when “Give the answer runs of adjacent chunks” is on, under Question pipeline.'}
      >
        <SettingNumber id="segments.penalty" ctx={ctx} />
        <SettingNumber id="segments.maxChunks" ctx={ctx} />
        <SettingNumber id="segments.minValue" ctx={ctx} />
        <SettingNumber id="segments.decay" ctx={ctx} />
        <SettingNumber id="segments.candidates" ctx={ctx} />
      </SettingGroup>
      <NeedsLlm ctx={ctx} title="The language model as retriever">
        {(q) => (
          <>
            <SettingSelect id="retriever.use" ctx={q} />
            {retriever.use !== 'off' && (
              <div className="indent">
                <SettingSelect id="retriever.scale" ctx={q} />
                <SettingSelect id="retriever.mode" ctx={q} />
                {retriever.scale === 'grade' && <SettingNumber id="retriever.threshold" ctx={q} />}
                {retriever.mode === 'generate' && <SettingNumber id="retriever.batch" ctx={q} />}
                {retriever.use === 'refine' && <SettingNumber id="retriever.refineCandidates" ctx={q} />}
              </div>
            )}
          </>
        )}
      </NeedsLlm>
    </>
  );
}
