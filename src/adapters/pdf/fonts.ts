import type { PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

interface FontInfo {
  name: string;
  bold: boolean;
  italic: boolean;
}

const BOLD = /bold|black|heavy|semibold|demibold|,b$|-b$/i;
const ITALIC = /italic|oblique|,i$|-i$|,bi$/i;

function fontInfo(name: string): FontInfo {
  const bare = name.replace(/^[A-Z]{6}\+/, '');
  return { name: bare, bold: BOLD.test(bare), italic: ITALIC.test(bare) };
}

/**
 * Text content only carries pdf.js's internal font ids; the real names (which tell bold from
 * regular) arrive on the page's common objects once an operator list has been built. Building
 * one costs about as much as reading a page's text, so it is done only for pages that use a
 * font not seen before, and at most `maxLookups` times per document.
 */
export class FontNames {
  private readonly known = new Map<string, FontInfo>();
  private lookups = 0;
  constructor(private readonly maxLookups = 40) {}

  async learn(page: PDFPageProxy, ids: string[]): Promise<void> {
    const missing = ids.filter((id) => !this.known.has(id));
    if (missing.length === 0 || this.lookups >= this.maxLookups) return;
    this.lookups++;
    try {
      await page.getOperatorList();
    } catch {
      // A page whose drawing fails can still have readable text; its fonts stay unnamed.
    }
    for (const id of missing) {
      const font = page.commonObjs.has(id) ? (page.commonObjs.get(id) as { name?: string } | null) : null;
      this.known.set(id, fontInfo(font?.name || id));
    }
  }

  get(id: string): FontInfo {
    return this.known.get(id) ?? { name: id, bold: false, italic: false };
  }
}
