/** Turns whatever IndexedDB threw into an IngestError a user can act on. */
import { IngestError, isIngestError } from '../../core/errors';
import type { StorageUsage } from '../../core/kb';
import { formatBytes } from './usage';

/**
 * Browsers disagree on how a full disk shows up: Chromium aborts the transaction with a
 * QuotaExceededError, older Firefox used its own name, and DOMException code 22 is the legacy form.
 */
export function isQuotaError(error: unknown): boolean {
  // DOMException inherits from Error in browsers and in Node.
  if (!(error instanceof Error)) return false;
  const { name, message } = error;
  const code = (error as { code?: unknown }).code;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED' || code === 22 || /quota/i.test(message);
}

function quotaMessage(usage: StorageUsage | undefined): string {
  const used = usage ? ` (used ${formatBytes(usage.usedBytes)} of ${formatBytes(usage.quotaBytes)})` : '';
  return `browser storage is full${used}; delete some documents or free disk space, then add the file again`;
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message ? `${error.name}: ${error.message}` : error.name;
}

/**
 * `transactionError` is the transaction's own error when there was one: after an abort the
 * failing request's siblings reject with a bare AbortError, and only the transaction knows why.
 */
export function toStoreError(error: unknown, fileName: string, usage: StorageUsage | undefined, transactionError?: unknown): IngestError {
  if (isIngestError(error)) return error;
  if (isQuotaError(transactionError) || isQuotaError(error)) return new IngestError('quota', fileName, quotaMessage(usage));
  const cause = describe(transactionError ?? error);
  return new IngestError('storage', fileName, `the browser's local storage failed (${cause}); reload the page and try again`);
}
