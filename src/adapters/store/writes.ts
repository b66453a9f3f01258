/** The knowledge base's writes: each one transaction, all or nothing, that moves the revision on. */
import type { DocumentBundle, DocumentRecord } from '../../core/kb';
import type { DocumentId } from '../../core/types';
import type { KeywordSegment } from '../../core/search';
import { quantizeRows } from '../../core/vector';
import { prepareBundle } from './bundle';
import { KB_LABEL, type Connection } from './connection';
import type { KnowledgeBaseStore } from './knowledge-base-types';
import { CACHE_JOURNAL_RANGE, DOCUMENT_STORES, META_KEYS, META_STORE, PART_STORES, partsOf, splitParts } from './schema';
import { runWrite, type Track, type WriteTransaction } from './transaction';

const allStores = [...DOCUMENT_STORES, ...PART_STORES, META_STORE];
const newRevision = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

/** Queues the deletion of every record of a document in the caller's transaction. */
function deleteRecords(tx: WriteTransaction, track: Track, id: DocumentId) {
  for (const store of DOCUMENT_STORES) track(tx.objectStore(store).delete(id));
  for (const store of PART_STORES) track(tx.objectStore(store).delete(partsOf(id)));
}

/** Queues the records of a document, its chunks and int8 vectors in parts, replacing any it had. */
function putDocument(tx: WriteTransaction, track: Track, bundle: DocumentBundle, keywords: KeywordSegment) {
  const { document, file, text, chunks, vectors } = bundle;
  const id = document.id;
  deleteRecords(tx, track, id);
  track(tx.objectStore('documents').put(document));
  track(tx.objectStore('files').put(file));
  track(tx.objectStore('texts').put(text));
  track(tx.objectStore('keywords').put({ docId: id, segment: keywords }));
  const { dim, embedderId, data } = vectors;
  const count = chunks.chunks.length;
  for (const part of splitParts(count)) {
    const whole = part.start === 0 && part.end === count;
    track(tx.objectStore('chunkParts').put({ docId: id, part: part.index, chunks: whole ? chunks.chunks : chunks.chunks.slice(part.start, part.end) }));
    const rows = quantizeRows(whole ? data : data.subarray(part.start * dim, part.end * dim), dim);
    track(tx.objectStore('vectorParts').put({ docId: id, part: part.index, embedderId, dim, ...rows }));
  }
}

type Writes = Pick<KnowledgeBaseStore, 'addDocuments' | 'deleteDocument' | 'putKeywords' | 'putSettings' | 'clear'>;

export function knowledgeBaseWrites({ live, fail, read, write }: Connection): Writes {
  return {
    async addDocuments(documents) {
      const prepared = documents.map((d) => ({ bundle: prepareBundle(d.bundle), keywords: d.keywords }));
      const revision = newRevision();
      const label = prepared.length === 1 ? prepared[0].bundle.document.name : KB_LABEL;
      await write(allStores, label, (tx, track) => {
        for (const { bundle, keywords } of prepared) putDocument(tx, track, bundle, keywords);
        track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
        // The cache entries written so far belong to stored documents now (or are shared by them).
        track(tx.objectStore(META_STORE).delete(CACHE_JOURNAL_RANGE()));
      });
      return revision;
    },

    async deleteDocument(id) {
      const revision = newRevision();
      try {
        await runWrite(live(), allStores, (tx, track) => {
          deleteRecords(tx, track, id);
          track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
        });
        return revision;
      } catch (e) {
        // The transaction was rolled back, so the record still names the document for the error.
        const doc = await Promise.resolve()
          .then(() => live().get('documents', id) as Promise<DocumentRecord | undefined>)
          .catch(() => undefined);
        return fail(e, doc?.name ?? id);
      }
    },

    putKeywords: (id, keywords, revision) =>
      read(async (db) => {
        const tx = db.transaction(['keywords', 'documents', META_STORE], 'readwrite');
        const [current, document] = await Promise.all([tx.objectStore(META_STORE).get(META_KEYS.revision), tx.objectStore('documents').get(id)]);
        if (current !== revision || !document) {
          await tx.done;
          return false;
        }
        await Promise.all([tx.objectStore('keywords').put({ docId: id, segment: keywords }), tx.done]);
        return true;
      }),

    putSettings: (value) =>
      write([META_STORE], KB_LABEL, (tx, track) => {
        track(tx.objectStore(META_STORE).put(value, META_KEYS.settings));
      }),

    async clear() {
      const stores = Array.from(live().objectStoreNames);
      const revision = newRevision();
      await write(stores, KB_LABEL, (tx, track) => {
        for (const store of stores) track(tx.objectStore(store).clear());
        track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
      });
      return revision;
    },
  };
}
