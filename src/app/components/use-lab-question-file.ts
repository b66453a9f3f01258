import { useState } from 'react';
import type { LabDraft } from '../lab-draft';

/** Loads a question file into the lab's draft; `fileError` says why the last one could not be read. */
export function useLabQuestionFile(set: (patch: Partial<LabDraft>) => void) {
  const [fileError, setFileError] = useState<string>();
  const loadFile = async (file: File | undefined) => {
    if (!file) return;
    setFileError(undefined);
    try {
      const text = await file.text();
      if (!text.trim()) throw new Error('the file is empty');
      set({ questionsText: text, questionsSource: file.name, questionsLoaded: true });
    } catch (e) {
      setFileError(`${file.name}: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  return { fileError, loadFile };
}
