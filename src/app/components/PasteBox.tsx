import { useState } from 'react';
import { useStore } from '../context';

export function PasteBox() {
  const store = useStore();
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  return (
    <form
      className="paste"
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) return;
        store.jobs.addText(text, title);
        setText('');
        setTitle('');
      }}
    >
      <label>
        Title <input value={title} onChange={(e) => setTitle(e.target.value)} placeholder="Pasted text" />
      </label>
      <textarea aria-label="Paste text" value={text} onChange={(e) => setText(e.target.value)} placeholder="…or paste text here" rows={5} />
      <button type="submit" disabled={!text.trim()}>
        Add text
      </button>
    </form>
  );
}
