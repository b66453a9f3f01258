import { SAMPLE_DOCUMENT, type AppState } from '../state';

const SAMPLE_NAME = SAMPLE_DOCUMENT.split('/').pop()!;

/** What the walk-through follows, read from the app's state: the sample document, its question, and how far it got. */
export function walkSample(state: AppState) {
  const sample = state.documents.find((d) => d.name === SAMPLE_NAME);
  const adding = state.jobs.some((j) => j.name === SAMPLE_NAME && (j.status === 'queued' || j.status === 'running'));
  const samples = state.sampleQuestions;
  const questions = samples && 'questions' in samples ? samples.questions : [];
  const question = state.walk.question ?? questions[0];
  const q = state.question;
  // The tour's own question: asked of the sample document only, not a whole-library question with the same words.
  const asked = !!(q && sample && q.question === question && q.docIds?.length === 1 && q.docIds[0] === sample.id);
  const ins = sample && state.inspection?.document.id === sample.id ? state.inspection : undefined;
  return {
    sample,
    adding,
    questions,
    question,
    asked,
    answered: asked && q?.status === 'done',
    ins,
    rows: q?.rows ?? [],
    /** The tour's question once asked: its stages, segments and, when done, its result. */
    askedQuestion: asked ? q : undefined,
    result: asked ? q?.result : undefined,
  };
}
