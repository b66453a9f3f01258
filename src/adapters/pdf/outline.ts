import type { PDFDocumentProxy, PageViewport } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PdfOutlineEntry } from '../../core/parse';

type OutlineNode = Awaited<ReturnType<PDFDocumentProxy['getOutline']>>[number];

/** Bookmarks with their targets resolved to 1-based pages and top-down y positions. */
export async function readOutline(doc: PDFDocumentProxy, viewportOf: (page: number) => PageViewport | undefined): Promise<PdfOutlineEntry[]> {
  let nodes: OutlineNode[] | null;
  try {
    nodes = await doc.getOutline();
  } catch {
    return [];
  }
  if (!nodes) return [];
  const resolve = async (list: OutlineNode[], depth: number): Promise<PdfOutlineEntry[]> => {
    const out: PdfOutlineEntry[] = [];
    for (const node of list) {
      const title = (node.title ?? '').replace(/\s+/g, ' ').trim();
      const target = await resolveTarget(doc, node.dest, viewportOf);
      const children = depth < 8 && node.items?.length ? await resolve(node.items, depth + 1) : [];
      if (title) out.push({ title, page: target.page, y: target.y, children });
    }
    return out;
  };
  return resolve(nodes, 0);
}

async function resolveTarget(
  doc: PDFDocumentProxy,
  dest: OutlineNode['dest'],
  viewportOf: (page: number) => PageViewport | undefined,
): Promise<{ page: number | null; y: number | null }> {
  try {
    const explicit = typeof dest === 'string' ? await doc.getDestination(dest) : dest;
    if (!Array.isArray(explicit) || explicit.length === 0) return { page: null, y: null };
    const ref = explicit[0];
    const index = typeof ref === 'number' ? ref : await doc.getPageIndex(ref);
    const page = index + 1;
    // [ref, {name: 'XYZ'}, left, top, zoom] and [ref, {name: 'FitH'}, top] carry a vertical position.
    const kind = explicit[1]?.name;
    const top = kind === 'XYZ' ? explicit[3] : kind === 'FitH' || kind === 'FitBH' ? explicit[2] : null;
    const viewport = viewportOf(page);
    if (typeof top !== 'number' || !viewport) return { page, y: null };
    const [, y] = viewport.convertToViewportPoint(0, top);
    return { page, y };
  } catch {
    return { page: null, y: null };
  }
}
