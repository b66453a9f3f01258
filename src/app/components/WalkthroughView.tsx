import { useEffect } from 'react';
import { useApp } from '../context';
import { WalkStepBody } from './WalkStepBody';
import { walkSample } from './walk-sample';
import { nextBlockedBecause, walkSteps } from './walk-steps';

/**
 * A guided tour of one question through Sieve on the bundled sample document: sentences and
 * their similarities, chunks, candidates, duplicates, grades and threshold, segments, and the
 * answer with its attribution, each explained in a sentence or two.
 */
export function WalkthroughView({ onAskOwn }: { onAskOwn?: () => void } = {}) {
  const { state, store } = useApp();
  const walk = walkSample(state);
  const { sample } = walk;
  const { step } = state.walk;

  useEffect(() => {
    void store.tour.loadSampleQuestions();
  }, [store]);
  useEffect(() => {
    if (sample && state.inspection?.document.id !== sample.id && state.inspecting !== sample.id) void store.documents.inspect(sample.id);
  }, [sample, state.inspection, state.inspecting, store]);

  if (!sample) return <WalkIntro adding={walk.adding} onAdd={() => void store.tour.addSample()} />;

  const steps = walkSteps(walk.ins, walk.rows, walk.askedQuestion?.stages);
  const current = steps[Math.min(step, steps.length - 1)];
  const blocked = current.needsAnswer && !walk.answered;
  const blockedBecause = nextBlockedBecause(step, steps, current, walk.answered);
  return (
    <section className="walk" data-testid="walkthrough">
      <h2>Walk-through: one question, stage by stage</h2>
      <nav className="walk-nav" aria-label="Walk-through steps">
        <button type="button" disabled={step === 0} onClick={() => store.tour.setWalk({ step: step - 1 })}>
          ← Back
        </button>
        <span data-testid="walk-step">
          Step {step + 1} of {steps.length}: <b>{current.title}</b>
        </span>
        <button
          type="button"
          disabled={blockedBecause !== undefined}
          aria-describedby={blockedBecause ? 'walk-next-why' : undefined}
          onClick={() => store.tour.setWalk({ step: step + 1 })}
        >
          Next →
        </button>
        {blockedBecause && (
          <span id="walk-next-why" className="muted small" data-testid="walk-next-why">
            {blockedBecause}
          </span>
        )}
      </nav>
      <p className="walk-text">{current.text}</p>
      {blocked ? <p className="muted">Ask the question first (step 3).</p> : <WalkStepBody id={current.id} walk={walk} sampleId={sample.id} />}
      {step >= steps.length - 1 && <WalkEnd sampleId={sample.id} onAskOwn={onAskOwn} />}
    </section>
  );
}

function WalkIntro({ adding, onAdd }: { adding: boolean; onAdd(): void }) {
  return (
    <section className="walk" data-testid="walkthrough">
      <h2>Walk-through: one question, stage by stage</h2>
      <p>
        This tour follows one question through everything Sieve does, on a short sample document about lighthouses (written for Sieve and public domain). It adds the document to
        your library; you can delete it afterwards.
      </p>
      <button type="button" disabled={adding} onClick={onAdd}>
        {adding ? 'Adding the sample document…' : 'Add the sample document and start'}
      </button>
    </section>
  );
}

function WalkEnd({ sampleId, onAskOwn }: { sampleId: string; onAskOwn?: () => void }) {
  const { state, store } = useApp();
  const removing = state.deleting?.includes(sampleId);
  return (
    <div className="walk-end" data-testid="walk-end">
      <p>That is the whole journey of one question. Ask your own of your documents, or take the sample out of your library.</p>
      <button type="button" onClick={() => onAskOwn?.()}>
        Try your own question
      </button>{' '}
      <button
        type="button"
        disabled={removing}
        onClick={() => {
          store.tour.setWalk({ step: 0 });
          void store.documents.deleteDocument(sampleId);
        }}
      >
        {removing ? 'Removing the sample…' : 'Remove the sample'}
      </button>
    </div>
  );
}
