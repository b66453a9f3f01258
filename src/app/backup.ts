/** Export and import as the Library tab shows them: file names, progress and outcomes in plain words, and the download. */
import { BACKUP_EXTENSION, type BackupProgress } from '../core/backup';
import type { ImportResult } from '../services/backup';
import { describeBytes } from '../services/limits';

/** `sieve-library-YYYY-MM-DD.sieve`, by the local date. */
export function backupFileName(date = new Date()): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `sieve-library-${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}${BACKUP_EXTENSION}`;
}

const STAGES: Record<BackupProgress['stage'], string> = {
  reading: 'Reading documents',
  packing: 'Packing',
  unpacking: 'Unpacking',
  checking: 'Checking integrity',
  saving: 'Saving',
};

export function backupStageText(p: BackupProgress): string {
  const label = STAGES[p.stage] ?? p.stage;
  return p.total > 1 ? `${label} (${p.done} of ${p.total})` : label;
}

const documents = (n: number) => `${n} document${n === 1 ? '' : 's'}`;

export function exportSummary(fileName: string, byteLength: number, documentCount: number): string {
  return `Exported ${documents(documentCount)} and the settings to ${fileName} (${describeBytes(byteLength)}).`;
}

export function importSummary(r: ImportResult): string {
  const total = r.added + r.replaced;
  const what =
    total === 0
      ? 'The file held no documents.'
      : `Imported ${documents(total)}: ${r.added} added, ${r.replaced} replaced${r.replaced ? ' (already in the library; the copy from the file took their place)' : ''}.`;
  const settings = r.settingsProblem
    ? ` Note: ${r.settingsProblem}.`
    : r.settingsImported
      ? ' Its settings were imported too.'
      : r.hadDocuments
        ? ' Your own settings were kept, since the library already had documents.'
        : '';
  return what + settings;
}

/** Why an import did not happen: refusals explain themselves; anything else also says nothing changed. */
export function importFailure(e: unknown, cancelled: boolean): string {
  if (cancelled) return 'Import cancelled; nothing was imported.';
  const msg = e instanceof Error ? e.message : String(e);
  if ((e as { name?: string }).name === 'BackupError') return `Import refused. ${msg}`;
  return `Import failed: ${msg.replace(/\.$/, '')}. Nothing was imported; your library is as it was.`;
}

/** Saves bytes as a download through a Blob URL (nothing leaves the browser), revoked once the download has started. */
export function downloadBytes(bytes: Uint8Array, fileName: string, doc: Document = document): void {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
  const a = doc.createElement('a');
  a.href = url;
  a.download = fileName;
  a.style.display = 'none';
  doc.body.append(a);
  try {
    a.click();
  } finally {
    a.remove();
    // Revoking at once can cancel the download in some browsers; a minute is ample to start it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
