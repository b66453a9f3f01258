/** Reading documents' vectors in batches, one read transaction each, noting the revision of every batch. */
import type { IDBPDatabase } from 'idb';
import type { QuantizedVectors } from '../../core/kb';
import type { DocumentId } from '../../core/types';
import type { LoadedVectors, LoadVectorsOptions } from './knowledge-base-types';
import { groupParts, joinQuantized, type VectorPart } from './parts';
import { META_KEYS, META_STORE } from './schema';

/** One batch's complete documents (of `wanted`, when given) and the revision it was read at. */
async function readBatch(db: IDBPDatabase<unknown>, range: IDBKeyRange, wanted: Set<DocumentId> | undefined): Promise<{ got: QuantizedVectors[]; revision: string | undefined }> {
  const tx = db.transaction(['vectorParts', META_STORE], 'readonly');
  const [parts, revision] = await Promise.all([
    tx.objectStore('vectorParts').getAll(range) as Promise<VectorPart[]>,
    tx.objectStore(META_STORE).get(META_KEYS.revision) as Promise<string | undefined>,
    tx.done,
  ]);
  const got: QuantizedVectors[] = [];
  for (const [docId, list] of groupParts(parts)) {
    if (wanted && !wanted.has(docId)) continue;
    const joined = joinQuantized(docId, list);
    if (joined) got.push(joined);
  }
  return { got, revision };
}

export async function loadVectorBatches(db: IDBPDatabase<unknown>, factory: IDBFactory, { ids, batch = 25, onBatch }: LoadVectorsOptions): Promise<LoadedVectors> {
  let keys: DocumentId[];
  if (ids) keys = [...ids].sort((a, b) => factory.cmp(a, b));
  else keys = (await db.getAllKeys('documents')) as DocumentId[];
  const wanted = ids ? new Set(ids) : undefined;
  const vectors: QuantizedVectors[] = [];
  const revisions = new Set<string | undefined>();
  const step = Math.max(1, batch);
  // One read transaction per batch, one after another: reads of chunk texts for a search
  // (and the caller's own work on each batch) get their turn in between.
  for (let at = 0; at < keys.length; at += step) {
    const range = IDBKeyRange.bound([keys[at], 0], [keys[Math.min(keys.length, at + step) - 1], Number.MAX_SAFE_INTEGER]);
    const { got, revision } = await readBatch(db, range, wanted);
    revisions.add(revision);
    vectors.push(...got);
    onBatch?.(got);
  }
  if (revisions.size > 1) return { vectors, changed: true as const };
  const [revision] = revisions.size ? revisions : [(await db.get(META_STORE, META_KEYS.revision)) as string | undefined];
  return { vectors, ...(revision === undefined ? {} : { revision }) };
}
