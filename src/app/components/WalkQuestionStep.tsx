import { useApp } from '../context';
import { walkStatusText } from './walk-steps';

interface Props {
  question?: string;
  questions: string[];
  /** The tour's question was asked of the sample (the app's question is this one). */
  asked: boolean;
  sampleId: string;
}

/** The sample question to follow, and asking it of the sample document. */
export function WalkQuestionStep({ question, questions, asked, sampleId }: Props) {
  const { state, store } = useApp();
  const q = state.question;
  const samples = state.sampleQuestions;
  return (
    <div>
      <label>
        Question{' '}
        <select aria-label="Walk-through question" value={question ?? ''} onChange={(e) => store.tour.setWalk({ question: e.target.value })}>
          {questions.map((x) => (
            <option key={x}>{x}</option>
          ))}
        </select>
      </label>{' '}
      <button
        type="button"
        disabled={!question || q?.status === 'running'}
        onClick={() => {
          if (question) void store.tour.askInWalk(question, sampleId);
        }}
      >
        Ask it
      </button>{' '}
      {asked && q && (
        <span className="small" data-testid="walk-status" data-status={q.status}>
          {walkStatusText(q)}
        </span>
      )}
      {samples && 'error' in samples && (
        <p className="error" role="alert">
          {samples.error}
        </p>
      )}
    </div>
  );
}
