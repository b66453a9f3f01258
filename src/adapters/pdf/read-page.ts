import type * as PdfJs from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfPage, PdfTextItem } from '../../core/parse';
import { annotationItems, readAnnotations } from './annotations';
import type { PdfJsModule } from './open-document';
import type { FontNames } from './fonts';

type TextItem = Extract<Awaited<ReturnType<PdfJs.PDFPageProxy['getTextContent']>>['items'][number], { str: string }>;

/** A page's positioned text runs and its annotations' text; a page that fails to read carries the error instead. */
export async function readPage(pdfjs: PdfJsModule, doc: PDFDocumentProxy, n: number, fonts: FontNames, viewports: PageViewport[]): Promise<PdfPage> {
  let width = 0;
  let height = 0;
  try {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: 1 });
    viewports[n - 1] = viewport;
    width = viewport.width;
    height = viewport.height;
    const content = await page.getTextContent();
    const raw = content.items.filter((item): item is TextItem => 'str' in item);
    await fonts.learn(page, [...new Set(raw.filter((i) => i.str.trim()).map((i) => i.fontName))]);
    const items: PdfTextItem[] = [];
    for (const item of raw) {
      if (!item.str.trim()) {
        if (item.hasEOL && items.length > 0) items[items.length - 1].hasEOL = true;
        continue;
      }
      // The viewport applies the page's /Rotate, so positions and directions are as displayed.
      const [a, b, c, d, e, f] = pdfjs.Util.transform(viewport.transform, item.transform) as number[];
      // (a, b) runs along the baseline; the text height is the matrix's extent across it, which
      // also holds for rotated, sideways and skewed (sheared) runs.
      const advance = Math.hypot(a, b);
      const fontSize = advance > 0 ? Math.abs(a * d - b * c) / advance : 0;
      if (!(fontSize > 0) || !Number.isFinite(fontSize)) continue;
      const angle = Math.round(((Math.atan2(b, a) * 180) / Math.PI) * 100) / 100;
      const font = fonts.get(item.fontName);
      items.push({
        text: item.str,
        x: e,
        y: f,
        width: item.width,
        fontSize,
        font: font.name,
        bold: font.bold,
        italic: font.italic,
        hasEOL: item.hasEOL,
        ...(angle !== 0 ? { angle } : {}),
      });
    }
    items.push(...annotationItems(await readAnnotations(page), viewport, items));
    page.cleanup();
    return { page: n, width, height, items };
  } catch (error) {
    if ((error as { name?: string })?.name === 'PasswordException') throw error;
    return { page: n, width, height, items: [], error: (error as Error)?.message ?? String(error) };
  }
}
