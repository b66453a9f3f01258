import { useState, type ReactNode } from 'react';

/** A `dropzone` box that takes files dragged onto it (marked `over` while they hover) and hands them to `onFiles`. */
export function FileDropTarget({ testId, onFiles, children }: { testId: string; onFiles(files: File[]): void; children: ReactNode }) {
  const [over, setOver] = useState(false);
  return (
    <div
      className={`dropzone ${over ? 'over' : ''}`}
      data-testid={testId}
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        onFiles([...e.dataTransfer.files]);
      }}
    >
      {children}
    </div>
  );
}
