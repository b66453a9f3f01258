/**
 * What a file's row says while it is being added: the stage, how far it has got (a count in the
 * stage's own unit), how fast, about how long is left, and how long it has been running.
 * Pure: the row re-renders every second with a fresh `now`, so the elapsed time ticks even in a
 * stage that reports nothing on its way (chunking, saving, one slow OCR page).
 */
import { STAGE_LABEL } from './format';

/** A progress event as the job row receives it (model downloads report `loaded`, the rest `done`). */
interface JobEvent {
  stage: string;
  done?: number;
  loaded?: number;
  total: number;
}

/** When the current stage started and how far it had got then: the base its rate is measured from. */
export interface StageClock {
  stage: string;
  since: number;
  doneAtStart: number;
  /** When the stage last moved on, and how far it had got. */
  lastAt: number;
  lastDone: number;
}

interface ProgressText {
  /** "Embedding", "OCR page 2 / 5". */
  stage: string;
  /** "1,234 / 5,678 sentences". */
  count?: string;
  /** "170 sentences/s". */
  rate?: string;
  /** "about 30 s left". */
  eta?: string;
  /** Time since the file started: "12 s", "1 min 05 s". */
  elapsed: string;
  /** 0–1 when the stage knows its total. */
  fraction?: number;
}

/** The unit each stage counts in; stages not named here show no count (only the time ticking). */
const UNIT: Record<string, 'bytes' | [string, string]> = {
  reading: 'bytes',
  model: 'bytes',
  parsing: ['page', 'pages'],
  ocr: ['page', 'pages'],
  embedding: ['sentence', 'sentences'],
};

/** A rate is only shown once the stage has run this long: the first batch says little about the rest. */
const MIN_RATE_MS = 1500;
/** How long past its estimate the time left may read "a few seconds" before it says the estimate was short. */
const OVERDUE_MS = 5000;

function doneOf(e: JobEvent): number {
  return e.done ?? e.loaded ?? 0;
}

/** The clock after an event: restarted when the stage changes, moved on when its count grows. */
export function nextClock(prev: StageClock | undefined, event: JobEvent, now: number): StageClock {
  const done = doneOf(event);
  if (!prev || prev.stage !== event.stage) return { stage: event.stage, since: now, doneAtStart: done, lastAt: now, lastDone: done };
  return done > prev.lastDone ? { ...prev, lastAt: now, lastDone: done } : prev;
}

/** 4_200 → "4 s", 65_000 → "1 min 05 s", 3_780_000 → "1 h 03 min". */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** What is left, rounded as people say it: "a few seconds", then 5 s steps, then minutes. */
export function formatRemaining(ms: number): string {
  const s = Math.ceil(ms / 1000);
  if (s < 10) return 'a few seconds left';
  if (s < 60) return `about ${Math.ceil(s / 5) * 5} s left`;
  const m = Math.round(s / 60);
  if (m < 60) return `about ${m} min left`;
  return `about ${formatDuration(m * 60_000)} left`;
}

function megabytes(n: number): string {
  return (n / 1024 / 1024).toFixed(1);
}

function countText(unit: 'bytes' | [string, string], done: number, total: number): string {
  if (unit === 'bytes') return `${megabytes(done)} / ${megabytes(total)} MB`;
  return `${done.toLocaleString('en')} / ${total.toLocaleString('en')} ${total === 1 ? unit[0] : unit[1]}`;
}

function rateText(unit: 'bytes' | [string, string], perSecond: number): string {
  if (unit === 'bytes') return `${megabytes(perSecond)} MB/s`;
  const n = perSecond >= 10 ? Math.round(perSecond).toLocaleString('en') : perSecond.toFixed(1);
  return `${n} ${unit[1]}/s`;
}

/**
 * The row's text for a job that started at `startedAt` and last reported `event` (undefined
 * while it waits its turn), `now` being the time of this render.
 */
export function progressText(event: JobEvent | undefined, clock: StageClock | undefined, startedAt: number, now: number): ProgressText {
  const elapsed = formatDuration(now - startedAt);
  if (!event) return { stage: 'Waiting', elapsed };
  const done = doneOf(event);
  const total = event.total;
  const stage = event.stage === 'ocr' && total > 0 ? `OCR page ${Math.min(done + 1, total)} / ${total}` : (STAGE_LABEL[event.stage] ?? event.stage);
  const out: ProgressText = { stage, elapsed };
  if (total > 0) out.fraction = Math.min(1, Math.max(0, done / total));
  const unit = UNIT[event.stage];
  if (!unit || total <= 0) return out;
  if (event.stage !== 'ocr') out.count = countText(unit, Math.min(done, total), total);
  if (clock && clock.stage === event.stage) {
    // The rate up to the last event; the time left counts down from it between events.
    const ms = clock.lastAt - clock.since;
    const gained = clock.lastDone - clock.doneAtStart;
    if (ms >= MIN_RATE_MS && gained > 0) {
      const perSecond = (gained * 1000) / ms;
      out.rate = rateText(unit, perSecond);
      const left = ((total - clock.lastDone) / perSecond) * 1000 - (now - clock.lastAt);
      // Past its estimate by more than OVERDUE_MS, a countdown that has run out says so rather than "a few seconds" for half a minute.
      if (done < total) out.eta = left < -OVERDUE_MS ? 'taking longer than estimated' : formatRemaining(left);
    }
  }
  return out;
}

/** The parts after the stage name, as one line: "1,234 / 5,678 sentences · 170 sentences/s · about 30 s left · 12 s". */
export function progressDetail(p: ProgressText): string {
  return [p.count, p.rate, p.eta, p.elapsed].filter(Boolean).join(' · ');
}
