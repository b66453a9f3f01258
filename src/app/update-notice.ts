/**
 * The "new version" notice as pure state (unit-tested; src/app/updates.ts wires it to the
 * service worker, components/UpdateNotice.tsx renders it).
 *
 * A new service worker waits until the user presses Reload. That reload is refused while this
 * page is adding files or answering a question, and a page never reloads by itself: when
 * another tab lets the new version take over, this one only says so.
 */

export type UpdatePhase =
  /** No new version (or none known yet). */
  | 'none'
  /** A new version is installed and waiting. */
  | 'waiting'
  /** This page asked the new version to take over and reloads once it has. */
  | 'applying'
  /** Another tab let the new version take over: this page runs the old one until reloaded. */
  | 'taken-over';

export interface UpdateState {
  phase: UpdatePhase;
  dismissed: boolean;
}

export type UpdateEvent =
  | { type: 'waiting' }
  | { type: 'reload-requested' }
  /** The new version now controls this page. */
  | { type: 'took-over' }
  | { type: 'dismissed' };

export const NO_UPDATE: UpdateState = { phase: 'none', dismissed: false };

export function reduceUpdate(state: UpdateState, event: UpdateEvent): UpdateState {
  switch (event.type) {
    case 'waiting':
      return state.phase === 'applying' ? state : { phase: 'waiting', dismissed: false };
    case 'reload-requested':
      return state.phase === 'waiting' ? { phase: 'applying', dismissed: false } : state;
    case 'took-over':
      // Either this page asked (and now reloads) or another tab did.
      return state.phase === 'applying' ? state : { phase: 'taken-over', dismissed: false };
    case 'dismissed':
      return state.phase === 'applying' ? state : { ...state, dismissed: true };
  }
}

/** What happens when the new version takes control: only the page that asked for it reloads. */
export function onTakeOver(state: UpdateState): 'reload' | 'stay' {
  return state.phase === 'applying' ? 'reload' : 'stay';
}

/** Work a reload would cut short. */
interface PageActivity {
  jobs: ReadonlyArray<{ status: string }>;
  question?: { status: string };
  lab?: { status: string };
}

/** Why the page must not reload now (undefined: it may). */
export function busyReason(activity: PageActivity): string | undefined {
  if (activity.jobs.some((j) => j.status === 'queued' || j.status === 'running')) return 'files are being added';
  if (activity.question?.status === 'running') return 'a question is being answered';
  if (activity.lab?.status === 'running') return 'the lab is running';
  return undefined;
}

interface NoticeView {
  text: string;
  /** The Reload button is disabled while the page is busy; `wait` says why. */
  canReload: boolean;
  wait?: string;
}

/** The notice to show, if any. */
export function updateNotice(state: UpdateState, activity: PageActivity): NoticeView | undefined {
  if (state.dismissed || state.phase === 'none') return undefined;
  if (state.phase === 'applying') return { text: 'Updating Sieve…', canReload: false };
  const text = state.phase === 'waiting' ? 'A new version of Sieve is ready' : 'Sieve was updated in another tab';
  const busy = busyReason(activity);
  return busy ? { text, canReload: false, wait: `Reload when done: ${busy}.` } : { text, canReload: true };
}
