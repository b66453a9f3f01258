import { describe, expect, it } from 'vitest';
import { NO_UPDATE, busyReason, onTakeOver, reduceUpdate, updateNotice, type UpdateEvent, type UpdateState } from './update-notice';

const idle = { jobs: [] };
const run = (...events: UpdateEvent[]): UpdateState => events.reduce(reduceUpdate, NO_UPDATE);

describe('the new-version notice', () => {
  it('shows nothing until a new version is waiting', () => {
    expect(updateNotice(NO_UPDATE, idle)).toBeUndefined();
    expect(updateNotice(run({ type: 'waiting' }), idle)).toEqual({ text: 'A new version of Sieve is ready', canReload: true });
  });

  it('reloads the page that asked, once the new version has taken over', () => {
    const asked = run({ type: 'waiting' }, { type: 'reload-requested' });
    expect(asked.phase).toBe('applying');
    expect(updateNotice(asked, idle)).toEqual({ text: 'Updating Sieve…', canReload: false });
    expect(onTakeOver(asked)).toBe('reload');
  });

  it('never reloads a page that did not ask: another tab updating only changes the notice', () => {
    const waiting = run({ type: 'waiting' });
    expect(onTakeOver(waiting)).toBe('stay');
    const after = reduceUpdate(waiting, { type: 'took-over' });
    expect(updateNotice(after, idle)).toEqual({ text: 'Sieve was updated in another tab', canReload: true });
    // Even one the user had dismissed shows again, since it now runs an old version.
    expect(updateNotice(run({ type: 'waiting' }, { type: 'dismissed' }, { type: 'took-over' }), idle)?.canReload).toBe(true);
  });

  it('holds the Reload button while files are being added, a question answered or the lab running', () => {
    const waiting = run({ type: 'waiting' });
    expect(updateNotice(waiting, { jobs: [{ status: 'done' }, { status: 'running' }] })).toEqual({
      text: 'A new version of Sieve is ready',
      canReload: false,
      wait: 'Reload when done: files are being added.',
    });
    expect(updateNotice(waiting, { jobs: [{ status: 'queued' }] })?.canReload).toBe(false);
    expect(busyReason({ jobs: [], question: { status: 'running' } })).toBe('a question is being answered');
    expect(busyReason({ jobs: [], lab: { status: 'running' } })).toBe('the lab is running');
    expect(busyReason({ jobs: [{ status: 'failed' }], question: { status: 'done' } })).toBeUndefined();
  });

  it('hides when dismissed, and comes back for the next version', () => {
    const dismissed = run({ type: 'waiting' }, { type: 'dismissed' });
    expect(updateNotice(dismissed, idle)).toBeUndefined();
    expect(updateNotice(reduceUpdate(dismissed, { type: 'waiting' }), idle)?.canReload).toBe(true);
  });

  it('ignores a Reload with nothing waiting, and a dismissal while applying', () => {
    expect(run({ type: 'reload-requested' })).toEqual(NO_UPDATE);
    const applying = run({ type: 'waiting' }, { type: 'reload-requested' });
    expect(reduceUpdate(applying, { type: 'dismissed' })).toBe(applying);
    expect(reduceUpdate(applying, { type: 'waiting' })).toBe(applying);
  });
});
