import { useRef } from 'react';
import { useApp } from '../context';
import { backupStageText } from '../backup';

/** Export the whole library to one file, or import one; shows progress and the outcome or refusal. */
export function BackupPanel() {
  const { state, store } = useApp();
  const input = useRef<HTMLInputElement>(null);
  const b = state.backup;
  const running = b?.status === 'running';
  return (
    <section className="backup" aria-label="Export and import">
      <div className="buttons">
        <button onClick={() => void store.backup.exportLibrary()} disabled={running || !state.ready}>
          Export library
        </button>
        <button onClick={() => input.current?.click()} disabled={running || !state.ready}>
          Import library…
        </button>
        <input
          ref={input}
          type="file"
          accept=".sieve,.zip,application/zip"
          hidden
          data-testid="import-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void store.backup.importLibrary(file);
          }}
        />
        <span className="muted small">One file with every document, its chunks and vectors, and the settings; it never leaves this device unless you move it.</span>
      </div>
      {b && (
        <div className="backup-status" data-testid="backup-status" data-action={b.action} data-status={b.status} role="status">
          {running ? (
            <>
              <span>
                {b.action === 'export' ? 'Exporting' : 'Importing'}
                {b.progress ? ` — ${backupStageText(b.progress)}` : '…'}
              </span>
              <progress max={b.progress?.total || 1} value={b.progress ? b.progress.done : undefined} />
              <button onClick={b.cancel}>Cancel</button>
            </>
          ) : (
            <span className={b.status === 'failed' ? 'error' : undefined}>{b.message}</span>
          )}
        </div>
      )}
    </section>
  );
}
