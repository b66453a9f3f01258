import type { PageSpan, SectionSpan } from '../types';
import { evidenceLocator } from './locate';
import type { LabQuestion } from './questions';

/** A document the lab may ask about, with the names a question may use for it. */
export interface LabCandidateDoc {
  docId: string;
  /** File name as added ("NIKE_2018_10K.pdf"). */
  name: string;
  title: string;
  text: string;
  pages: PageSpan[];
  sections: SectionSpan[];
}

interface Assignment {
  /** Questions with `docId` set to one of the chosen documents' ids. */
  questions: LabQuestion[];
  /** Questions left out, each with the reason, in words. */
  problems: string[];
}

const key = (s: string) => s.trim().toLowerCase();
const stem = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '');

/**
 * Ties each question to one of the chosen documents. A named document matches by id, file name
 * (with or without its extension) or title, ignoring case, so FinanceBench's doc_name finds
 * "NIKE_2018_10K.pdf". An unnamed question goes to the only document, or else to the one whose
 * text holds its evidence (word for word first, then the best fuzzy match). Questions about a
 * document that is not chosen, or whose evidence no chosen document holds, are left out and
 * said why.
 */
export function assignQuestions(questions: LabQuestion[], docs: LabCandidateDoc[]): Assignment {
  const byName = new Map<string, string>();
  for (const d of docs) for (const n of [d.docId, d.name, stem(d.name), d.title]) if (n && !byName.has(key(n))) byName.set(key(n), d.docId);
  const out: LabQuestion[] = [];
  const problems: string[] = [];
  // Each document is tokenised once for all the unnamed questions, not once per question.
  const locators = docs.map((d) => evidenceLocator(d.text, d.pages));
  for (const q of questions) {
    if (q.docId) {
      const id = byName.get(key(q.docId));
      if (id) out.push({ ...q, docId: id });
      else problems.push(`${q.id} asks about "${q.docId}", which is not among the chosen documents`);
      continue;
    }
    if (docs.length === 1) {
      out.push({ ...q, docId: docs[0].docId });
      continue;
    }
    // The document holding the most of its evidence (word for word beats any fuzzy match; ties keep document order).
    const found = docs
      .map((d, i) => ({ d, match: locators[i](q.evidenceParts ?? q.evidence).match ?? 0 }))
      .filter((f) => f.match > 0)
      .sort((a, b) => b.match - a.match);
    if (found.length) out.push({ ...q, docId: found[0].d.docId });
    else problems.push(`${q.id}: no chosen document holds its evidence; name one with a "Doc:" line`);
  }
  return { questions: out, problems };
}
