/** Checks of an archive's parts: anything malformed is refused with a BackupError naming it. */
import type { DocumentChunks, DocumentRecord, DocumentText } from '../kb';
import { BackupError, type BackupManifest, type DocumentEntryPaths } from './format';

const decoder = new TextDecoder('utf-8', { fatal: true });
/** The parts every document has in an archive. */
export const ROLES: (keyof DocumentEntryPaths)[] = ['document', 'original', 'text', 'neighbourSims', 'chunks', 'vectors'];

export const damaged = (why: string) => new BackupError('damaged', `This file is damaged or was altered: ${why}. Nothing was imported.`);
export const foreign = (why: string) => new BackupError('foreign', `This is not a Sieve library export: ${why}. Nothing was imported.`);
export const inconsistent = (name: string, why: string) => new BackupError('inconsistent', `This export does not hold together: ${name}: ${why}. Nothing was imported.`);

export const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isString = (v: unknown): v is string => typeof v === 'string';

export function parseJson(bytes: Uint8Array, path: string): unknown {
  try {
    return JSON.parse(decoder.decode(bytes));
  } catch {
    throw damaged(`${path} is not readable JSON`);
  }
}

/** The manifest's shape; anything off means the manifest was damaged (its format field already matched). */
export function checkManifest(m: Record<string, unknown>): BackupManifest {
  const files = m.files;
  if (!isObject(files)) throw damaged('the manifest lists no entries');
  for (const [path, f] of Object.entries(files)) {
    if (!isObject(f) || !isInt(f.bytes) || !isString(f.sha256) || !/^[0-9a-f]{64}$/.test(f.sha256)) throw damaged(`the manifest's record of ${path} is malformed`);
  }
  if (!Array.isArray(m.documents)) throw damaged('the manifest lists no documents');
  for (const d of m.documents as unknown[]) {
    const ok =
      isObject(d) &&
      isString(d.id) &&
      isString(d.name) &&
      isString(d.embedderId) &&
      isInt(d.dim) &&
      isInt(d.chunkCount) &&
      isObject(d.paths) &&
      ROLES.every((r) => isString((d.paths as Record<string, unknown>)[r]));
    if (!ok) throw damaged('a document in the manifest is malformed');
  }
  if (!(m.embedderId === null || isString(m.embedderId))) throw damaged("the manifest's model is malformed");
  if (!isString(m.createdAt)) throw damaged("the manifest's date is malformed");
  return m as unknown as BackupManifest;
}

export function checkRecord(v: unknown, name: string): DocumentRecord {
  const ok =
    isObject(v) &&
    isString(v.id) &&
    isString(v.name) &&
    isString(v.kind) &&
    isString(v.mime) &&
    isInt(v.size) &&
    typeof v.addedAt === 'number' &&
    isString(v.title) &&
    isInt(v.charCount) &&
    isInt(v.pageCount) &&
    isInt(v.sentenceCount) &&
    isInt(v.chunkCount) &&
    isObject(v.chunker) &&
    isString(v.chunker.kind) &&
    isString(v.embedderId) &&
    Array.isArray(v.warnings);
  if (!ok) throw inconsistent(name, 'its document record is malformed');
  return v as unknown as DocumentRecord;
}

export function checkText(v: unknown, name: string): Omit<DocumentText, 'neighbourSims'> & { fileMime: string } {
  const ok =
    isObject(v) &&
    isString(v.docId) &&
    isString(v.text) &&
    isString(v.fileMime) &&
    Array.isArray(v.pages) &&
    Array.isArray(v.sections) &&
    Array.isArray(v.sentences) &&
    v.sentences.every((s) => isObject(s) && isInt(s.start) && isInt(s.end) && s.start <= s.end && s.end <= (v.text as string).length);
  if (!ok) throw inconsistent(name, 'its text record is malformed');
  return v as unknown as Omit<DocumentText, 'neighbourSims'> & { fileMime: string };
}

export function checkChunks(v: unknown, name: string, textLength: number): DocumentChunks {
  if (!isObject(v) || !isString(v.docId) || !Array.isArray(v.chunks)) throw inconsistent(name, 'its chunks record is malformed');
  v.chunks.forEach((c: unknown, i: number) => {
    const ok =
      isObject(c) &&
      isString(c.id) &&
      isString(c.docId) &&
      c.index === i &&
      isString(c.text) &&
      isInt(c.start) &&
      isInt(c.end) &&
      c.start <= c.end &&
      c.end <= textLength &&
      Array.isArray(c.sectionPath) &&
      isInt(c.sentenceStart) &&
      isInt(c.sentenceEnd);
    if (!ok) throw inconsistent(name, `chunk ${i} is malformed`);
  });
  return v as unknown as DocumentChunks;
}
