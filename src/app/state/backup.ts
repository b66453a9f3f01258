import { backupFileName, downloadBytes, exportSummary, importFailure, importSummary } from '../backup';
import { Slice } from './slice';
import { BackupState } from './types';
import { message } from './message';

/** Export and import of the whole library, shown as one operation in the Library. */
export class BackupSlice extends Slice {
  /** Runs an export or import as the one backup operation shown in the Library. */
  private startBackup(action: BackupState['action']) {
    const controller = new AbortController();
    const backup: BackupState = { action, status: 'running', cancel: () => controller.abort() };
    this.set({ backup });
    const update = (patch: Partial<BackupState>) => this.set((s) => (s.backup?.cancel === backup.cancel ? { backup: { ...s.backup, ...patch } } : {}));
    return { signal: controller.signal, update };
  }

  /** Downloads the whole library (documents, vectors, settings) as one file. */
  async exportLibrary() {
    if (this.state.backup?.status === 'running') return;
    const { signal, update } = this.startBackup('export');
    try {
      const bytes = await this.client.exportArchive({ signal, onProgress: (progress) => update({ progress }) });
      const name = backupFileName();
      downloadBytes(bytes, name);
      update({ status: 'done', progress: undefined, message: exportSummary(name, bytes.byteLength, this.state.documents.length) });
    } catch (e) {
      const cancelled = signal.aborted;
      update({ status: cancelled ? 'cancelled' : 'failed', progress: undefined, message: cancelled ? 'Export cancelled.' : `Export failed: ${message(e)}` });
    }
  }

  /** Merges an exported library into this one; a damaged or foreign file is refused and changes nothing. */
  async importLibrary(file: File) {
    if (this.state.backup?.status === 'running') return;
    const { signal, update } = this.startBackup('import');
    const embedderBefore = JSON.stringify(this.state.settings?.embedder);
    const llmBefore = JSON.stringify(this.state.settings?.llm);
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const result = await this.client.importArchive(bytes, { signal, onProgress: (progress) => update({ progress }) });
      update({ status: 'done', progress: undefined, message: importSummary(result) });
      this.set({ settings: result.settings, search: undefined, inspection: undefined });
      await this.app.documents.syncDocuments();
      if (JSON.stringify(result.settings.embedder) !== embedderBefore) void this.app.models.loadModel();
      if (JSON.stringify(result.settings.llm) !== llmBefore) void this.app.models.loadLlm();
    } catch (e) {
      update({ status: signal.aborted ? 'cancelled' : 'failed', progress: undefined, message: importFailure(e, signal.aborted) });
    }
  }
}
