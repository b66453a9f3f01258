import { useRef } from 'react';
import { useStore } from '../context';
import { FileDropTarget } from './FileDropTarget';

/** The file input's id, so other parts of the Library (the interrupted-files notice) can open the picker. */
export const FILE_INPUT_ID = 'library-file-input';

const ACCEPT =
  '.pdf,.docx,.xlsx,.csv,.tsv,.html,.htm,.md,.markdown,.txt,.png,.jpg,.jpeg,.webp,application/pdf,text/csv,text/plain,text/markdown,text/html,image/png,image/jpeg,image/webp';

export function DropZone() {
  const store = useStore();
  const input = useRef<HTMLInputElement>(null);
  return (
    <FileDropTarget testId="dropzone" onFiles={(files) => store.jobs.addFiles(files)}>
      <p>Drop PDF, Word (.docx), Excel (.xlsx), CSV, HTML, Markdown or text files, or images of text (read by OCR), here</p>
      <button onClick={() => input.current?.click()}>Choose files…</button>
      <input
        ref={input}
        id={FILE_INPUT_ID}
        type="file"
        multiple
        accept={ACCEPT}
        hidden
        data-testid="file-input"
        onChange={(e) => {
          store.jobs.addFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <p className="muted small">Files are read, embedded and stored only in this browser.</p>
    </FileDropTarget>
  );
}
