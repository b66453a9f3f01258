import { useRef, useState } from 'react';
import { useStore } from '../context';

const ACCEPT = '.pdf,.docx,.html,.htm,.md,.markdown,.txt,application/pdf,text/plain,text/markdown,text/html';

export function DropZone() {
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`dropzone ${over ? 'over' : ''}`}
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        store.addFiles([...e.dataTransfer.files]);
      }}
    >
      <p>Drop PDF, Word (.docx), HTML, Markdown or text files here</p>
      <button onClick={() => input.current?.click()}>Choose files…</button>
      <input
        ref={input}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="file-input"
        onChange={(e) => {
          store.addFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <p className="muted small">Files are read, embedded and stored only in this browser.</p>
    </div>
  );
}
