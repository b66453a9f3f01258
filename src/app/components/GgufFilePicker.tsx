import { useRef } from 'react';
import { describeBytes } from '../format';
import type { WllamaSettings } from '../../core/settings';
import { FileDropTarget } from './FileDropTarget';

/** A .gguf file picked or dropped (sent on at once), and which picked file is in use. */
export function GgufFilePicker({ picked, onFile }: { picked?: WllamaSettings; onFile(file: File): void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <FileDropTarget
      testId="gguf-dropzone"
      onFiles={(files) => {
        const file = files[0];
        if (file) onFile(file);
      }}
    >
      <p>Or drop a .gguf file here (e.g. from LM Studio's models folder)</p>
      <button type="button" onClick={() => input.current?.click()}>
        Choose a .gguf file…
      </button>
      <input
        ref={input}
        type="file"
        accept=".gguf"
        hidden
        data-testid="gguf-file-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) onFile(file);
          e.target.value = '';
        }}
      />
      {picked && (
        <p className="small" data-testid="gguf-picked">
          In use: {picked.fileName}
          {picked.fileSize ? ` (${describeBytes(picked.fileSize)})` : ''}, picked from this computer; a copy is kept in this browser.
        </p>
      )}
      <p className="muted small">The file is loaded at once; it never leaves this browser.</p>
    </FileDropTarget>
  );
}
