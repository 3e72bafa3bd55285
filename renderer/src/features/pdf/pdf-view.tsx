/**
 * A `pdf` field: the file's pages drawn with PDF.js, every page in a column (`view_mode: scroll`) or one at a time
 * (`paginated`), with page controls. PDF.js is fetched only when such a field is shown. With boxes, each page shown
 * gets its own drawing layer, so a box is saved with its page and stays on it while the annotator pages through.
 * A PDF that cannot be read says why, in words, where its pages would be.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { DisplayBlock } from '../../shared/api/types.js';
import type { PDFDocumentProxy } from './pdf-loader.js';
import './pdf.css';

type PdfBlock = Extract<DisplayBlock, { type: 'pdf' }>;
type Boxes = NonNullable<PdfBlock['boxes']>;

interface Props {
  block: PdfBlock;
  /** the drawing layer around a page, when the field draws boxes */
  boxLayer?: (field: string, page: number, options: Boxes, content: ReactNode) => ReactNode;
}

/** How much finer than the page's own size (72 per inch) a page is drawn, before the screen's pixel ratio. */
const SCALE = 1.5;

function PdfPage({ doc, number, name }: { doc: PDFDocumentProxy; number: number; name: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ratio, setRatio] = useState<number | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    let cancel: (() => void) | undefined;
    doc
      .getPage(number)
      .then((page) => {
        if (gone || !canvas.current) return;
        const viewport = page.getViewport({ scale: SCALE * (window.devicePixelRatio || 1) });
        canvas.current.width = Math.ceil(viewport.width);
        canvas.current.height = Math.ceil(viewport.height);
        setRatio(viewport.width / viewport.height);
        const task = page.render({ canvas: canvas.current, viewport });
        cancel = () => task.cancel();
        return task.promise;
      })
      .catch((e: unknown) => {
        if (!gone && !(e instanceof Error && e.name === 'RenderingCancelledException'))
          setFailed(e instanceof Error ? e.message : String(e));
      });
    return () => {
      gone = true;
      cancel?.();
    };
  }, [doc, number]);
  if (failed)
    return (
      <p className="display-note">
        Page {number} could not be drawn: {failed}
      </p>
    );
  return (
    <div className="pdf-page" data-page={number} style={ratio ? { aspectRatio: String(ratio) } : undefined}>
      <canvas ref={canvas} role="img" aria-label={`${name}, page ${number}`} />
    </div>
  );
}

export function PdfView({ block, boxLayer }: Props) {
  const { src, pdf } = block;
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [page, setPage] = useState(pdf.initial_page);
  const pages = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!src) return;
    let gone = false;
    let destroy: (() => Promise<void>) | undefined;
    setDoc(null);
    setError(null);
    import('./pdf-loader.js')
      .then(({ openPdf }) => {
        const opened = openPdf(src);
        destroy = opened.destroy;
        return opened.promise;
      })
      .then((d) => {
        if (gone) return;
        setDoc(d);
        setPage(Math.min(Math.max(1, pdf.initial_page), d.numPages));
      })
      .catch((e: unknown) => {
        if (!gone) setError(e instanceof Error ? e.message : String(e));
      });
    return () => {
      gone = true;
      void destroy?.();
    };
  }, [src, pdf.initial_page]);

  const name = block.label ?? block.key ?? 'the PDF';
  if (block.refused || !src) return <p className="display-note">Not shown: {block.refused ?? 'no PDF'}</p>;
  if (error)
    return (
      <p className="display-note" role="alert">
        Could not show the PDF <code>{decodeURIComponent(src.replace(/^\/api\/media\//, ''))}</code>: {error}
      </p>
    );
  if (!doc) return <p className="display-note">Loading the PDF…</p>;

  const count = doc.numPages;
  const paginated = pdf.view_mode === 'paginated';
  const go = (n: number) => {
    const to = Math.min(Math.max(1, n), count);
    setPage(to);
    if (!paginated) pages.current?.querySelector(`[data-page="${to}"]`)?.scrollIntoView({ block: 'start' });
  };
  const shown = paginated ? [page] : Array.from({ length: count }, (_, i) => i + 1);
  return (
    <div className={`pdf-view pdf-${pdf.view_mode}`} data-pages={count}>
      {pdf.show_page_controls && (
        <div className="pdf-controls" role="group" aria-label={`Pages of ${name}`}>
          <button type="button" onClick={() => go(page - 1)} disabled={page <= 1}>
            Previous page
          </button>
          <span className="pdf-page-info" aria-live="polite">
            Page {page} of {count}
          </span>
          <button type="button" onClick={() => go(page + 1)} disabled={page >= count}>
            Next page
          </button>
        </div>
      )}
      <div className="pdf-pages" ref={pages} style={pdf.max_height ? { maxHeight: pdf.max_height } : undefined}>
        {shown.map((n) => {
          const drawn = <PdfPage key={n} doc={doc} number={n} name={name} />;
          return block.boxes && boxLayer ? (
            <div key={n}>{boxLayer(block.key ?? '', n, block.boxes, drawn)}</div>
          ) : (
            drawn
          );
        })}
      </div>
    </div>
  );
}
