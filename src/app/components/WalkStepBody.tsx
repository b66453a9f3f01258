import type { walkSample } from './walk-sample';
import type { WalkStepId } from './walk-steps';
import { WalkCandidates, WalkDuplicates, WalkGrades } from './WalkCandidateSteps';
import { WalkChunks, WalkSentences } from './WalkDocumentSteps';
import { WalkQuestionStep } from './WalkQuestionStep';
import { WalkAnswer, WalkSegments } from './WalkResultSteps';

type Walk = ReturnType<typeof walkSample>;

/** What one step of the tour shows of the sample and its question. */
export function WalkStepBody({ id, walk, sampleId }: { id: WalkStepId; walk: Walk; sampleId: string }) {
  switch (id) {
    case 'sentences':
      return <WalkSentences ins={walk.ins} />;
    case 'chunks':
      return <WalkChunks ins={walk.ins} />;
    case 'question':
      return <WalkQuestionStep question={walk.question} questions={walk.questions} asked={walk.asked} sampleId={sampleId} />;
    case 'candidates':
      return <WalkCandidates rows={walk.rows} />;
    case 'duplicates':
      return <WalkDuplicates rows={walk.rows} />;
    case 'grades':
      return <WalkGrades rows={walk.rows} threshold={walk.result?.threshold} />;
    case 'segments':
      return <WalkSegments question={walk.askedQuestion} />;
    case 'answer':
      return <WalkAnswer result={walk.result} />;
  }
}
