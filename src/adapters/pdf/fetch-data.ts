/**
 * pdf.js's own loader for CMaps and standard fonts reads `document.baseURI`, which does not
 * exist in a worker; this one fetches the URLs it is given as they are.
 */
export class FetchDataFactory {
  private readonly urls: Record<string, string | null>;

  constructor(urls: { cMapUrl?: string | null; standardFontDataUrl?: string | null; wasmUrl?: string | null }) {
    this.urls = { cMapUrl: urls.cMapUrl ?? null, standardFontDataUrl: urls.standardFontDataUrl ?? null, wasmUrl: urls.wasmUrl ?? null };
  }

  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const base = this.urls[kind];
    if (!base) throw new Error(`No URL configured for pdf.js ${kind}.`);
    const response = await fetch(`${base}${filename}`);
    if (!response.ok) throw new Error(`Unable to load ${base}${filename}: ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}
