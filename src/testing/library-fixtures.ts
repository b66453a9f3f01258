/** Test-only scaffolding for the Library service: small files, a parser without pdf or docx, fresh stores. */
import { openKnowledgeBase } from '../adapters/store';
import { Library, type IncomingFile, type LibraryDeps } from '../services/library';
import { parseFile } from '../services/parse-file';
import { FakeEmbedder } from './fake-embedder';

let dbCount = 0;

/** A database name no other test in this file has used. */
export function freshName(): string {
  return `lib-${++dbCount}`;
}

export function file(name: string, text: string, type = 'text/markdown'): IncomingFile {
  const bytes = new TextEncoder().encode(text);
  return { name, type, size: bytes.length, arrayBuffer: async () => bytes.buffer.slice(0) as ArrayBuffer };
}

export const NOTES = '# Bees\n\nThe apiary holds fourteen hives.\n\n## Harvest\n\nHoney harvest reached 212 kilograms in 2023.\n';
export const FERRY = '# Ferry\n\nThe ferry to Gull Island leaves at noon.\n';

export const parse: LibraryDeps['parse'] = (bytes, n, mime, onProgress, signal) =>
  parseFile({ pdf: async () => Promise.reject(new Error('no pdf here')), docx: async () => Promise.reject(new Error('no docx')) }, bytes, n, mime, onProgress, signal);

/** A second library over an existing store, as another tab or a later page load would open it. */
export async function libraryOver(store: LibraryDeps['store'], embedder: FakeEmbedder): Promise<Library> {
  const library = new Library({ store, parse, loadEmbedder: async () => embedder });
  await library.open();
  return library;
}

/** An open library over a fresh store, with a fake embedder unless `deps` give other parts (a sectioner, a summariser, a split scorer…). */
export async function libraryWith(deps: Partial<LibraryDeps>, name = freshName()) {
  const store = await openKnowledgeBase({ name, storage: null });
  const library = new Library({ store, parse, loadEmbedder: async () => new FakeEmbedder(), ...deps });
  await library.open();
  return { library, store };
}

export async function setup(embedder = new FakeEmbedder(), name = freshName(), loadFails = false) {
  const loadEmbedder = async () => {
    if (loadFails) throw new Error('model.json returned HTTP 404');
    return embedder;
  };
  return { ...(await libraryWith({ loadEmbedder }, name)), embedder, name };
}

export const never = new AbortController().signal;
