import { useApp } from '../context';
import { questionsSummary, type LabDraft } from '../lab-draft';

const QUESTION_HELP = `Q: What did the Fresnel lens change?
A: The prisms bend the light into a narrow horizontal beam…
(or one per line: question | evidence, or a FinanceBench .jsonl file)`;

/** The lab's questions with their evidence: typed, or loaded from a file or the sample set (then shown as a count and a preview). */
export function LabQuestionsField({
  draft,
  set,
  fileError,
  onFile,
}: {
  draft: LabDraft;
  set(patch: Partial<LabDraft>): void;
  fileError?: string;
  onFile(file: File | undefined): void;
}) {
  const { state, store } = useApp();
  const loaded = draft.questionsLoaded ? questionsSummary(draft) : undefined;
  const sampleError = state.sampleQuestions && 'error' in state.sampleQuestions ? state.sampleQuestions.error : undefined;
  return (
    <fieldset>
      <legend>Questions with their evidence</legend>
      {loaded && !loaded.error ? (
        <div className="lab-loaded" data-testid="lab-questions-loaded">
          <p>
            <b>
              {loaded.count} question{loaded.count === 1 ? '' : 's'} loaded
            </b>{' '}
            from {draft.questionsSource}
          </p>
          <ol className="small">
            {loaded.preview.map((q, i) => (
              <li key={i}>
                {q.question} <span className="muted">— {q.evidence.length > 90 ? `${q.evidence.slice(0, 90)}…` : q.evidence}</span>
              </li>
            ))}
          </ol>
          {loaded.count > loaded.preview.length && <p className="small muted">…and {loaded.count - loaded.preview.length} more.</p>}
          <button type="button" onClick={() => set({ questionsLoaded: false })}>
            Edit as text
          </button>{' '}
          <button type="button" onClick={() => set({ questionsText: '', questionsSource: 'typed questions', questionsLoaded: false })}>
            Clear the questions
          </button>
        </div>
      ) : (
        <textarea
          aria-label="Lab questions"
          rows={5}
          placeholder={QUESTION_HELP}
          value={draft.questionsText}
          onChange={(e) => set({ questionsText: e.target.value, questionsSource: 'typed questions', questionsLoaded: false })}
        />
      )}
      {loaded?.error && (
        <p className="error" role="alert">
          {loaded.error}
        </p>
      )}
      <div className="row">
        <label>
          Load a question file <input type="file" accept=".jsonl,.txt,.json" aria-label="Lab question file" onChange={(e) => onFile(e.target.files?.[0])} />
        </label>
        <button type="button" onClick={() => void store.tour.useSampleQuestionsInLab()}>
          Sample questions (lighthouses)
        </button>
      </div>
      {(fileError ?? sampleError) && (
        <p className="error" role="alert">
          {fileError ?? sampleError}
        </p>
      )}
    </fieldset>
  );
}
