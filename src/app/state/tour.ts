import type { LabRequest } from '../../core/lab';
import { newLabDraft, type LabDraft } from '../lab-draft';
import { parseQuestions } from '../../core/eval';
import { Slice } from './slice';
import { SAMPLE_DOCUMENT, SAMPLE_QUESTIONS, LabState, WalkState } from './types';
import { message } from './message';

/** The walk-through and the chunking lab, with their sample document and questions. */
export class TourSlice extends Slice {
  setWalk(patch: Partial<WalkState>) {
    this.set((s) => ({ walk: { ...s.walk, ...patch } }));
  }

  /** Follows a question in the walk-through: asked of the sample document only, with segment extraction on so the tour can show it. */
  async askInWalk(question: string, sampleId: string) {
    this.setWalk({ question });
    const settings = this.state.settings;
    await this.app.questions.ask(question, { docIds: [sampleId], pipeline: settings && { segments: { ...settings.pipeline.segments, enabled: true } } });
  }

  /** Adds the bundled sample document (public/samples) to the library. */
  async addSample(path = SAMPLE_DOCUMENT) {
    const name = path.split('/').pop()!;
    try {
      const r = await fetch(path);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      this.app.jobs.addFiles([new File([await r.blob()], name, { type: 'text/markdown' })]);
    } catch (e) {
      this.notify('error', `The sample document ${name} could not be read: ${message(e)}`);
    }
  }

  setLabDraft(patch: Partial<LabDraft>) {
    this.set((s) => ({
      labDraft: {
        ...(s.labDraft ??
          newLabDraft(
            s.documents.map((d) => d.id),
            s.settings,
          )),
        ...patch,
      },
    }));
  }

  /** Reads the sample questions once; a failure is kept in state (and said) rather than thrown. */
  async loadSampleQuestions(): Promise<void> {
    if (this.state.sampleQuestions && 'text' in this.state.sampleQuestions) return;
    try {
      const r = await fetch(SAMPLE_QUESTIONS);
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      const text = await r.text();
      this.set({ sampleQuestions: { text, questions: parseQuestions(text, SAMPLE_QUESTIONS).map((q) => q.question) } });
    } catch (e) {
      this.set({ sampleQuestions: { error: `The sample questions could not be read: ${message(e)}` } });
    }
  }

  /** Puts the sample questions into the lab form. */
  async useSampleQuestionsInLab() {
    await this.loadSampleQuestions();
    const s = this.state.sampleQuestions;
    if (s && 'text' in s) this.setLabDraft({ questionsText: s.text, questionsSource: SAMPLE_QUESTIONS.split('/').pop()!, questionsLoaded: true });
  }

  /** Runs the chunking lab; a new run cancels the one before. */
  async runLab(request: LabRequest) {
    this.state.lab?.cancel();
    const controller = new AbortController();
    const lab: LabState = { request, status: 'running', cancel: () => controller.abort() };
    this.set({ lab });
    const update = (patch: Partial<LabState>) => this.set((s) => (s.lab?.cancel === lab.cancel ? { lab: { ...s.lab, ...patch } } : {}));
    try {
      const response = await this.client.lab(request, { signal: controller.signal, settleOnAbort: true, onProgress: (progress) => update({ progress }) });
      update({ status: 'done', response, progress: undefined });
    } catch (e) {
      const cancelled = controller.signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', error: cancelled ? undefined : message(e), progress: undefined });
    }
  }
}
