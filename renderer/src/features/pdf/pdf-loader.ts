/**
 * PDF.js, loaded only when an item shows a PDF (the annotate page imports this module on demand), with its worker
 * served from this app's own files so the page's content security policy (scripts and workers from 'self') lets
 * it run. WebAssembly is left off: the policy does not allow it, and text and vector pages do not need it.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export type { PDFDocumentProxy };

export function openPdf(src: string): { promise: Promise<PDFDocumentProxy>; destroy: () => Promise<void> } {
  const task = getDocument({ url: src, useWasm: false, withCredentials: true });
  return { promise: task.promise, destroy: () => task.destroy() };
}
