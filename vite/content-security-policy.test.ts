import { describe, expect, it } from 'vitest';
import { CSP, NARROW_CSP, policyFor, servedHeaders } from './content-security-policy';

describe('the policy each served file carries', () => {
  it('lets the page and the model-downloading workers reach the model hosts, and no other file', () => {
    for (const path of [
      '/',
      '/index.html',
      '/assets/embed.worker-BwZ-Gbzq.js',
      '/assets/llm.worker-DxxI15D1.js',
      '/assets/library.worker-7M2qftlk.js',
      '/src/workers/embed.worker.ts?worker_file&type=module',
    ])
      expect(policyFor(path), path).toBe(CSP);
    for (const path of [
      '/sw.js',
      '/assets/ocr.worker-CZ4ApGOo.js',
      '/assets/pdfjs.worker-CgHvibYH.js',
      '/assets/pdf.worker-Bvsr8SQ2.js',
      '/vendor/tesseract/worker.min.js',
      '/vendor/llama-host/host.js',
      'wasm/llama/host/host.js',
    ])
      expect(policyFor(path), path).toBe(NARROW_CSP);
    expect(CSP).toContain('https://huggingface.co');
    expect(NARROW_CSP).not.toContain('huggingface');
    expect(NARROW_CSP).toContain("connect-src 'self' blob: data:");
  });

  it('differs only in connect-src, and always carries the isolation headers', () => {
    const withoutConnect = (p: string) => p.split('; ').filter((d) => !d.startsWith('connect-src'));
    expect(withoutConnect(NARROW_CSP)).toEqual(withoutConnect(CSP));
    expect(servedHeaders('/sw.js')).toMatchObject({ 'Cross-Origin-Embedder-Policy': 'require-corp', 'Content-Security-Policy': NARROW_CSP });
  });
});
