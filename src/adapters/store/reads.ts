/** The knowledge base's reads: one document's records, or the whole library's catalog, index or vectors. */
import type { DocumentFile, DocumentRecord, DocumentText } from '../../core/kb';
import { byAge, readCatalog, readIndex } from './catalog';
import type { Connection } from './connection';
import type { KnowledgeBaseStore } from './knowledge-base-types';
import { readChunks, readVectors } from './parts';
import { META_KEYS, META_STORE, PART_STORES } from './schema';
import { loadVectorBatches } from './vector-batches';

type Reads = Pick<
  KnowledgeBaseStore,
  'revision' | 'listDocuments' | 'getText' | 'getFile' | 'getChunks' | 'getVectors' | 'getBundle' | 'loadIndex' | 'loadCatalog' | 'loadVectors' | 'getSettings'
>;

export function knowledgeBaseReads({ read, factory }: Connection): Reads {
  return {
    revision: () => read((db) => db.get(META_STORE, META_KEYS.revision) as Promise<string | undefined>),

    listDocuments: () => read(async (db) => ((await db.getAll('documents')) as DocumentRecord[]).sort(byAge)),
    getText: (id) => read((db) => db.get('texts', id) as Promise<DocumentText | undefined>),
    getFile: (id) => read((db) => db.get('files', id) as Promise<DocumentFile | undefined>),
    getChunks: (id) => read((db) => readChunks(db.transaction(['chunkParts'], 'readonly'), id)),
    getVectors: (id) => read((db) => readVectors(db.transaction(['vectorParts'], 'readonly'), id)),

    getBundle: (id) =>
      read(async (db) => {
        const tx = db.transaction(['documents', 'files', 'texts', ...PART_STORES], 'readonly');
        const [document, file, text, chunks, vectors] = await Promise.all([
          tx.objectStore('documents').get(id) as Promise<DocumentRecord | undefined>,
          tx.objectStore('files').get(id) as Promise<DocumentFile | undefined>,
          tx.objectStore('texts').get(id) as Promise<DocumentText | undefined>,
          readChunks(tx, id),
          readVectors(tx, id),
        ]);
        return document && file && text && chunks && vectors ? { document, file, text, chunks, vectors } : undefined;
      }),

    loadIndex: () => read(readIndex),
    loadCatalog: () => read(readCatalog),
    loadVectors: (options = {}) => read((db) => loadVectorBatches(db, factory, options)),

    getSettings: <T>() => read((db) => db.get(META_STORE, META_KEYS.settings) as Promise<T | undefined>),
  };
}
