import { describe, expect, it } from 'vitest';
import type { AppState } from '../state';
import { needsDocuments } from './library-empty';

const job = (status: AppState['jobs'][number]['status']) => ({ status }) as AppState['jobs'][number];
const doc = { id: 'd' } as AppState['documents'][number];

describe('needsDocuments', () => {
  it('asks for documents only when there are none and none are being added', () => {
    expect(needsDocuments({ documents: [], jobs: [] })).toBe(true);
    expect(needsDocuments({ documents: [], jobs: [job('failed'), job('cancelled')] })).toBe(true);
    expect(needsDocuments({ documents: [], jobs: [job('running')] })).toBe(false);
    expect(needsDocuments({ documents: [], jobs: [job('queued')] })).toBe(false);
    expect(needsDocuments({ documents: [doc], jobs: [] })).toBe(false);
  });
});
