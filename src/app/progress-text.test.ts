import { describe, expect, it } from 'vitest';
import { formatDuration, formatRemaining, nextClock, progressDetail, progressText, type StageClock } from './progress-text';

describe('formatDuration', () => {
  it('says seconds, then minutes and seconds, then hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(4_900)).toBe('4 s');
    expect(formatDuration(65_000)).toBe('1 min 05 s');
    expect(formatDuration(3_780_000)).toBe('1 h 03 min');
  });
});

describe('formatRemaining', () => {
  it('rounds as people say it', () => {
    expect(formatRemaining(-500)).toBe('a few seconds left');
    expect(formatRemaining(7_000)).toBe('a few seconds left');
    expect(formatRemaining(21_000)).toBe('about 25 s left');
    expect(formatRemaining(150_000)).toBe('about 3 min left');
  });
});

describe('nextClock', () => {
  it('restarts when the stage changes and moves on only when the count grows', () => {
    let c = nextClock(undefined, { stage: 'parsing', done: 3, total: 10 }, 1000);
    expect(c).toEqual({ stage: 'parsing', since: 1000, doneAtStart: 3, lastAt: 1000, lastDone: 3 });
    c = nextClock(c, { stage: 'parsing', done: 3, total: 10 }, 1500);
    expect(c.lastAt).toBe(1000);
    c = nextClock(c, { stage: 'parsing', done: 6, total: 10 }, 2000);
    expect(c).toMatchObject({ since: 1000, lastAt: 2000, lastDone: 6 });
    c = nextClock(c, { stage: 'embedding', done: 0, total: 500 }, 2500);
    expect(c).toEqual({ stage: 'embedding', since: 2500, doneAtStart: 0, lastAt: 2500, lastDone: 0 });
  });
});

describe('progressText', () => {
  it('says the job is waiting until its first event, with the time ticking', () => {
    expect(progressText(undefined, undefined, 0, 3_000)).toEqual({ stage: 'Waiting', elapsed: '3 s' });
  });

  it('gives the embedding count, rate and time left once the stage has run a while', () => {
    const start: StageClock = nextClock(undefined, { stage: 'embedding', done: 0, total: 5000 }, 10_000);
    const early = progressText({ stage: 'embedding', done: 128, total: 5000 }, nextClock(start, { stage: 'embedding', done: 128, total: 5000 }, 10_500), 0, 10_500);
    expect(early.count).toBe('128 / 5,000 sentences');
    expect(early.rate).toBeUndefined(); // half a second says too little about the rest
    expect(early.eta).toBeUndefined();

    const clock = nextClock(start, { stage: 'embedding', done: 1000, total: 5000 }, 14_000);
    const p = progressText({ stage: 'embedding', done: 1000, total: 5000 }, clock, 0, 14_000);
    expect(p).toEqual({
      stage: 'Embedding',
      count: '1,000 / 5,000 sentences',
      rate: '250 sentences/s',
      eta: 'about 20 s left',
      elapsed: '14 s',
      fraction: 0.2,
    });
    expect(progressDetail(p)).toBe('1,000 / 5,000 sentences · 250 sentences/s · about 20 s left · 14 s');
  });

  it('counts the time left down between events, and the elapsed time up', () => {
    const clock = nextClock(nextClock(undefined, { stage: 'embedding', done: 0, total: 5000 }, 0), { stage: 'embedding', done: 1000, total: 5000 }, 4_000);
    const e = { stage: 'embedding', done: 1000, total: 5000 };
    const a = progressText(e, clock, 0, 4_000);
    const b = progressText(e, clock, 0, 9_000);
    expect(a.eta).toBe('about 20 s left');
    expect(b.eta).toBe('about 15 s left');
    expect([a.elapsed, b.elapsed]).toEqual(['4 s', '9 s']);
    // Run out: "a few seconds" for a little while, then it says the estimate was short, not "a few seconds" for half a minute.
    expect(progressText(e, clock, 0, 23_000).eta).toBe('a few seconds left');
    expect(progressText(e, clock, 0, 40_000).eta).toBe('taking longer than estimated');
  });

  it('shows only the ticking time in a stage that reports no count', () => {
    const e = { stage: 'chunking', done: 0, total: 5000 };
    const p = progressText(e, nextClock(undefined, e, 20_000), 0, 27_000);
    expect(p.stage).toBe('Chunking');
    expect(p.count).toBeUndefined();
    expect(p.rate).toBeUndefined();
    expect(progressDetail(p)).toBe('27 s');
  });

  it('counts model downloads in megabytes and PDF pages by page', () => {
    const model = { stage: 'model', loaded: 5 * 1024 * 1024, total: 27 * 1024 * 1024 };
    const clock = nextClock(nextClock(undefined, { ...model, loaded: 0 }, 0), model, 2_000);
    expect(progressText(model, clock, 0, 2_000)).toMatchObject({ stage: 'Loading model', count: '5.0 / 27.0 MB', rate: '2.5 MB/s' });
    expect(progressText({ stage: 'parsing', done: 1, total: 1 }, undefined, 0, 0).count).toBe('1 / 1 page');
  });

  it('names the OCR page being read rather than repeating the count', () => {
    const p = progressText({ stage: 'ocr', done: 1, total: 5 }, undefined, 0, 6_000);
    expect(p.stage).toBe('OCR page 2 / 5');
    expect(p.count).toBeUndefined();
    expect(p.fraction).toBeCloseTo(0.2);
  });

  it('gives no time left once the count is complete', () => {
    const clock = nextClock(nextClock(undefined, { stage: 'parsing', done: 0, total: 4 }, 0), { stage: 'parsing', done: 4, total: 4 }, 2_000);
    const p = progressText({ stage: 'parsing', done: 4, total: 4 }, clock, 0, 2_000);
    expect(p.rate).toBe('2.0 pages/s');
    expect(p.eta).toBeUndefined();
  });
});
