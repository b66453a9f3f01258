import { describe, expect, it } from 'vitest';
import type { Remote } from './wrap';
import type { Methods } from './types';
import type { LibraryApi } from './apis/library';
import type { LlmHostApi } from './apis/llm';
import type { OcrApi } from './apis/ocr';

// These lines are checked by `tsc`, never run: each @ts-expect-error fails the type check if the
// line beneath it compiles, so they prove that a wrong call is a compile error.
function typeChecks(library: Remote<LibraryApi>, llm: Remote<LlmHostApi>, ocr: Remote<OcrApi>, file: File) {
  void library.ingest(file, { duplicates: 'refuse' }, { signal: new AbortController().signal, onProgress: (e) => e.stage });
  void library.search('q', { docIds: ['a'] });
  void ocr.recognize(new Uint8Array(1), { settleOnAbort: true, transfer: [] });

  // @ts-expect-error a method the API does not have
  void library.ingestFile(file);
  // @ts-expect-error a wrong argument type
  void library.deleteDocument(42);
  // @ts-expect-error a missing argument
  void library.inspect();
  // @ts-expect-error an argument too many
  void library.usage('x');
  // @ts-expect-error call options in place of an argument
  void library.ingest({ signal: new AbortController().signal });
  // @ts-expect-error progress of the wrong type
  void library.ingest(file, { onProgress: (n: number) => n });
  // @ts-expect-error onProgress on a method that reports none
  void llm.scoreNext([], ['yes'], { onProgress: () => undefined });
  // @ts-expect-error an unknown call option
  void ocr.recognize(new Uint8Array(1), { timeout: 5 });
  // @ts-expect-error results are typed: info is LlmInfo | null, not a string
  void llm.info().then((info): string => info);
  // @ts-expect-error remote calls are asynchronous, even where the worker's method is not
  const now: number = ocr.recognize(new Uint8Array(1));

  // @ts-expect-error the method list must count each method's own arguments
  const miscounted: Methods<OcrApi> = { recognize: 2 };
  // @ts-expect-error ...and name every method
  const missing: Methods<LlmHostApi> = { load: 1 };
  return [now, miscounted, missing];
}

describe('typed calls', () => {
  it('are checked by the compiler (this file fails `tsc` otherwise)', () => {
    expect(typeChecks).toBeTypeOf('function');
  });
});
