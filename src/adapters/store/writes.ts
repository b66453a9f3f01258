/** The knowledge base's writes: each one transaction, all or nothing, that moves the revision on. */
import type { DocumentRecord } from '../../core/kb';
import type { DocumentId } from '../../core/types';
import { quantizeRows } from '../../core/vector';
import { prepareBundle } from './bundle';
import { KB_LABEL, type Connection } from './connection';
import type { KnowledgeBaseStore, StoredDocument } from './knowledge-base-types';
import { cacheJournalOf, CACHE_KEYS_STORE, DOCUMENT_STORES, EMBEDDING_STORE, META_KEYS, META_STORE, PART_STORES, partsOf, splitParts } from './schema';
import { runWrite, type Track, type WriteTransaction } from './transaction';

const allStores = [...DOCUMENT_STORES, ...PART_STORES, META_STORE, EMBEDDING_STORE];
const newRevision = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random()}`;

/** Queues the deletion of every record of a document in the caller's transaction. */
function deleteRecords(tx: WriteTransaction, track: Track, id: DocumentId) {
  for (const store of DOCUMENT_STORES) track(tx.objectStore(store).delete(id));
  for (const store of PART_STORES) track(tx.objectStore(store).delete(partsOf(id)));
}

/** Queues the records of a document, its chunks and int8 vectors in parts, replacing any it had. */
function putDocument(tx: WriteTransaction, track: Track, { bundle, keywords, cache }: StoredDocument) {
  const { document, file, text, chunks, vectors } = bundle;
  const id = document.id;
  deleteRecords(tx, track, id);
  track(tx.objectStore('documents').put(document));
  track(tx.objectStore('files').put(file));
  track(tx.objectStore('texts').put(text));
  track(tx.objectStore('keywords').put({ docId: id, segment: keywords }));
  if (cache) {
    track(tx.objectStore(CACHE_KEYS_STORE).put({ docId: id, keys: cache.keys }));
    // The entries its add wrote are the document's now: no longer an add's to sweep.
    if (cache.owner) track(tx.objectStore(META_STORE).delete(cacheJournalOf(cache.owner)));
  }
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
      const prepared = documents.map((d) => ({ ...d, bundle: prepareBundle(d.bundle) }));
      const revision = newRevision();
      const label = prepared.length === 1 ? prepared[0].bundle.document.name : KB_LABEL;
      await write(allStores, label, (tx, track) => {
        for (const document of prepared) putDocument(tx, track, document);
        track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
      });
      return revision;
    },

    async deleteDocument(id) {
      const revision = newRevision();
      try {
        await runWrite(live(), allStores, (tx, track) => {
          // Read before the document's records go, in the same transaction.
          const reads = track(Promise.all([tx.objectStore('documents').getAllKeys(), tx.objectStore(CACHE_KEYS_STORE).getAll()]));
          deleteRecords(tx, track, id);
          track(tx.objectStore(META_STORE).put(revision, META_KEYS.revision));
          track(
            reads.then(async ([ids, records]): Promise<unknown> => {
              const embeddings = tx.objectStore(EMBEDDING_STORE);
              const freed = cacheKeysFreed(id, ids as DocumentId[], records as CacheKeysRecord[]);
              return freed === 'all' ? track(embeddings.clear()) : Promise.all(freed.map((key) => track(embeddings.delete(key))));
            }),
          );
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

interface CacheKeysRecord {
  docId: DocumentId;
  keys: string[];
}

/**
 * The embedding-cache entries deleting document `id` frees: those its add used that no other
 * document's did, or every entry when it is the last document.
 */
function cacheKeysFreed(id: DocumentId, ids: DocumentId[], records: CacheKeysRecord[]): string[] | 'all' {
  if (ids.every((other) => other === id)) return 'all';
  const mine = records.find((r) => r.docId === id);
  if (!mine) return [];
  const others = new Set<string>();
  for (const r of records) if (r.docId !== id) for (const key of r.keys) others.add(key);
  return mine.keys.filter((key) => !others.has(key));
}
