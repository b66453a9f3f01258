import type { AppState } from '../state';

/** Whether to ask for documents first: none added, and none on the way (a file being added is searchable by keyword already). */
export function needsDocuments(state: Pick<AppState, 'documents' | 'jobs'>): boolean {
  return state.documents.length === 0 && !state.jobs.some((j) => j.status === 'queued' || j.status === 'running');
}
