/**
 * Disk-backed embedding cache for Node (the eval CLI). Per embedder id, under `dir`:
 *   <name>.vec  raw little-endian float32 vectors, appended
 *   <name>.idx  one line per vector, appended after its bytes are written: "<textKey>\t<byteOffset>\t<dim>\n"
 * A crash can leave unindexed bytes in .vec or a partial last line in .idx; both are ignored.
 */
import { mkdir, open, readFile, stat, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { hashText, splitCacheKey, type EmbeddingCacheStore } from '../../core/embed';

interface Located {
  offset: number;
  dim: number;
}

interface ModelFile {
  index: Map<string, Located>;
  vec: FileHandle;
  idx: FileHandle;
  /** Bytes in .vec, i.e. where the next vector goes. */
  size: number;
}

export class FsEmbeddingCacheStore implements EmbeddingCacheStore {
  private readonly files = new Map<string, Promise<ModelFile>>();
  /** Writes run one after another so offsets never interleave. */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly dir: string) {}

  async get(keys: string[]): Promise<(Float32Array | undefined)[]> {
    const out = new Array<Float32Array | undefined>(keys.length);
    const byModel = groupByModel(keys);
    for (const [embedderId, wanted] of byModel) {
      const file = await this.file(embedderId);
      const hits: Array<{ at: number } & Located> = [];
      for (const { at, textKey } of wanted) {
        const located = file.index.get(textKey);
        if (located) hits.push({ at, ...located });
      }
      hits.sort((a, b) => a.offset - b.offset);
      for (const run of contiguousRuns(hits)) {
        const first = run[0];
        const last = run[run.length - 1];
        const bytes = new Uint8Array(last.offset + last.dim * 4 - first.offset);
        await file.vec.read(bytes, 0, bytes.length, first.offset);
        for (const hit of run) {
          out[hit.at] = new Float32Array(bytes.buffer, hit.offset - first.offset, hit.dim).slice();
        }
      }
    }
    return out;
  }

  put(entries: Array<[string, Float32Array]>): Promise<void> {
    const write = this.writing.then(() => this.append(entries));
    this.writing = write.catch(() => undefined);
    return write;
  }

  /** Waits for pending writes and closes the files. */
  async close(): Promise<void> {
    await this.writing;
    const files = await Promise.all(this.files.values());
    this.files.clear();
    await Promise.all(files.flatMap((f) => [f.vec.close(), f.idx.close()]));
  }

  private async append(entries: Array<[string, Float32Array]>): Promise<void> {
    const byModel = new Map<string, Array<[string, Float32Array]>>();
    for (const [key, vector] of entries) {
      const { embedderId, textKey } = splitCacheKey(key);
      const list = byModel.get(embedderId) ?? [];
      list.push([textKey, vector]);
      byModel.set(embedderId, list);
    }
    for (const [embedderId, list] of byModel) {
      const file = await this.file(embedderId);
      const fresh = list.filter(([textKey]) => !file.index.has(textKey));
      if (fresh.length === 0) continue;
      const bytes = new Uint8Array(fresh.reduce((n, [, v]) => n + v.byteLength, 0));
      let lines = '';
      let at = 0;
      for (const [textKey, vector] of fresh) {
        bytes.set(new Uint8Array(vector.buffer, vector.byteOffset, vector.byteLength), at);
        lines += `${textKey}\t${file.size + at}\t${vector.length}\n`;
        at += vector.byteLength;
      }
      await file.vec.write(bytes, 0, bytes.length, file.size);
      await file.idx.appendFile(lines, 'utf8');
      at = 0;
      for (const [textKey, vector] of fresh) {
        file.index.set(textKey, { offset: file.size + at, dim: vector.length });
        at += vector.byteLength;
      }
      file.size += bytes.length;
    }
  }

  private file(embedderId: string): Promise<ModelFile> {
    let file = this.files.get(embedderId);
    if (!file) {
      file = this.openFile(embedderId);
      this.files.set(embedderId, file);
    }
    return file;
  }

  private async openFile(embedderId: string): Promise<ModelFile> {
    await mkdir(this.dir, { recursive: true });
    const base = join(this.dir, fileNameFor(embedderId));
    const vec = await open(`${base}.vec`, 'a+');
    const size = (await stat(`${base}.vec`)).size;
    const index = new Map<string, Located>();
    const text = await readFile(`${base}.idx`, 'utf8').catch(() => '');
    const complete = text.slice(0, text.lastIndexOf('\n') + 1);
    for (const line of complete.split('\n')) {
      const [textKey, offset, dim] = line.split('\t');
      const located = { offset: Number(offset), dim: Number(dim) };
      if (textKey && located.dim > 0 && located.offset + located.dim * 4 <= size) index.set(textKey, located);
    }
    // Drop a partial last line so the next append starts on a fresh one.
    const idx = await open(`${base}.idx`, 'a+');
    if (complete.length !== text.length) await idx.truncate(Buffer.byteLength(complete, 'utf8'));
    return { index, vec, idx, size };
  }
}

/** A file-system-safe name that still tells a person which model the file belongs to. */
function fileNameFor(embedderId: string): string {
  const readable = embedderId.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 80);
  return `${readable}-${hashText(embedderId).slice(0, 8)}`;
}

function groupByModel(keys: string[]): Map<string, Array<{ at: number; textKey: string }>> {
  const groups = new Map<string, Array<{ at: number; textKey: string }>>();
  keys.forEach((key, at) => {
    const { embedderId, textKey } = splitCacheKey(key);
    const list = groups.get(embedderId) ?? [];
    list.push({ at, textKey });
    groups.set(embedderId, list);
  });
  return groups;
}

/** Splits offset-sorted hits into runs stored back to back, each read with one call. */
function contiguousRuns<T extends Located>(hits: T[]): T[][] {
  const runs: T[][] = [];
  for (const hit of hits) {
    const run = runs[runs.length - 1];
    const prev = run?.[run.length - 1];
    if (prev && (prev.offset === hit.offset || prev.offset + prev.dim * 4 === hit.offset)) run.push(hit);
    else runs.push([hit]);
  }
  return runs;
}
