/**
 * What the annotator sees of an item: the blocks the server built from the project's layout, its display fields,
 * or every field of the item. Layout HTML arrives sanitized; every other value is drawn as text. The span
 * surface (the annotatable text field) is mounted where the server placed it, so span offsets stay offsets into
 * the text field; each other span target field gets a surface of its own, and links between spans of two fields
 * are drawn over the whole display.
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Display, DisplayBlock } from '../../shared/api/types.js';
import { AgentTraceBlock } from './agent-trace-block.js';
import { LinkArcs, type Arc } from './link-arcs.js';
import { DialogueBlock } from './dialogue-block.js';
import { PdfView } from '../pdf/pdf-view.js';
import type { DialogueSpans } from './dialogue-spans.js';
import './item-display.css';

type DialogueTurn = Extract<DisplayBlock, { type: 'dialogue' }>['turns'][number];

/** What is drawn under a dialogue turn (turn-level questions, its speaker), by the field, the turn and its position. */
export type TurnSlot = (field: string, turn: DialogueTurn, index: number, turns: DialogueTurn[]) => ReactNode;

interface Props {
  display: Display | undefined;
  /** the annotatable text, drawn where the display puts the text field */
  surface: ReactNode;
  turnSlot?: TurnSlot;
  /** what is drawn for Potato's interactive_chat field (the agent chat panel), by the field */
  chatSlot?: (field: string) => ReactNode;
  /** a span target field other than the text, drawn with its spans (plain text without it) */
  fieldSurface?: (field: string, text: string) => ReactNode;
  /** a span target dialogue's marks and selection, by the field */
  dialogueSpans?: (field: string) => DialogueSpans;
  /** links between spans of different fields */
  crossArcs?: readonly Arc[];
  /** a field drawn with boxes over it (Potato's annotation_mode: bounding_box): the drawing layer around it */
  boxLayer?: BoxSlot;
}

type HtmlBlock = Extract<DisplayBlock, { type: 'html' }>;
export type BoxSlot = (
  field: string,
  page: number,
  options: NonNullable<HtmlBlock['boxes']>,
  content: ReactNode,
) => ReactNode;

type Slots = Pick<Props, 'turnSlot' | 'chatSlot' | 'fieldSurface' | 'dialogueSpans' | 'boxLayer'>;
const NO_ARCS: readonly Arc[] = [];

/** Sanitized HTML with the surface mounted into its `data-span-surface` element, if it has one. */
function LayoutHtml({ html, surface }: { html: string; surface: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  const [host, setHost] = useState<Element | null>(null);
  useLayoutEffect(() => {
    setHost(root.current?.querySelector('[data-span-surface]') ?? null);
  }, [html]);
  return (
    <>
      <div ref={root} className="display-html" dangerouslySetInnerHTML={{ __html: html }} />
      {host && createPortal(surface, host)}
    </>
  );
}

function Media({ block }: { block: Extract<DisplayBlock, { type: 'image' | 'audio' | 'video' }> }) {
  const [failed, setFailed] = useState(false);
  if (block.refused || !block.src) return <p className="display-note">Not shown: {block.refused ?? 'no media'}</p>;
  if (failed) {
    return (
      <p className="display-note">
        Could not load {block.type}
        {block.remote ? ' (a remote file: it needs a network connection)' : ''}: <code>{block.src}</code>
      </p>
    );
  }
  const onError = () => setFailed(true);
  if (block.type === 'image')
    return (
      <img className="display-image" src={block.src} alt={block.label ?? block.key ?? 'item image'} onError={onError} />
    );
  if (block.type === 'audio') return <audio className="display-audio" src={block.src} controls onError={onError} />;
  return <video className="display-video" src={block.src} controls onError={onError} />;
}

function Body({
  block,
  surface,
  turnSlot,
  chatSlot,
  fieldSurface,
  dialogueSpans,
  boxLayer,
}: { block: DisplayBlock; surface: ReactNode } & Slots) {
  switch (block.type) {
    case 'agent_chat':
      return <>{chatSlot?.(block.key ?? '')}</>;
    case 'surface':
      // a span target field other than the text carries its own text
      if (block.text !== undefined) {
        const inner =
          fieldSurface && block.key !== undefined ? (
            fieldSurface(block.key, block.text)
          ) : (
            <div className="display-text" dir="auto">
              {block.text}
            </div>
          );
        // a code field's surface keeps the look of code: monospace, its indentation kept, left to right
        return block.code ? (
          <div className="code-surface" data-language={block.code.language} dir="ltr">
            {inner}
          </div>
        ) : (
          <>{inner}</>
        );
      }
      return <>{surface}</>;
    case 'html': {
      const html = <LayoutHtml html={block.html} surface={surface} />;
      const shown =
        block.boxes && boxLayer && block.key !== undefined ? boxLayer(block.key, 1, block.boxes, html) : html;
      // lines about the document, as text: an extracted PDF's page count above, a document's format and counts below
      return block.meta === undefined && block.footer === undefined ? (
        shown
      ) : (
        <>
          {block.meta !== undefined && <p className="display-meta">{block.meta}</p>}
          {shown}
          {block.footer !== undefined && <p className="display-meta display-footer">{block.footer}</p>}
        </>
      );
    }
    case 'text':
      return (
        <div className="display-text" dir="auto">
          {block.text}
        </div>
      );
    case 'absent':
      return <p className="display-absent">Nothing under “{block.key}” in this item.</p>;
    case 'code':
      return (
        <pre className="display-code" data-language={block.language}>
          <code>{block.text}</code>
        </pre>
      );
    case 'list': {
      const items = block.items.map((item, i) => (
        <li key={i} dir="auto">
          {item}
        </li>
      ));
      const className = `display-list${block.horizontal ? ' horizontal' : ''}`;
      return block.prefix === 'none' ? (
        <ul className={className}>{items}</ul>
      ) : (
        <ol className={className} type={block.prefix === 'alphabet' ? 'A' : '1'}>
          {items}
        </ol>
      );
    }
    case 'dialogue':
      if (block.trace)
        return (
          <AgentTraceBlock
            block={block}
            trace={block.trace}
            slot={turnSlot && ((turn, i) => turnSlot(block.key ?? '', turn, i, block.turns))}
          />
        );
      return (
        <DialogueBlock
          block={block}
          slot={turnSlot && ((turn, i) => turnSlot(block.key ?? '', turn, i, block.turns))}
          spans={block.span_target && block.key !== undefined ? dialogueSpans?.(block.key) : undefined}
        />
      );
    case 'pairwise':
      return (
        <div className="display-pairwise">
          {block.items.map((item, i) => (
            <div key={i} className="pair-cell">
              {item.label && <div className="display-label">{item.label}</div>}
              <div className="display-text" dir="auto">
                {item.text}
              </div>
            </div>
          ))}
        </div>
      );
    case 'pdf':
      return <PdfView block={block} boxLayer={boxLayer} />;
    default:
      return <Media block={block} />;
  }
}

export function ItemDisplay({
  display,
  surface,
  turnSlot,
  chatSlot,
  fieldSurface,
  dialogueSpans,
  crossArcs = NO_ARCS,
  boxLayer,
}: Props) {
  const root = useRef<HTMLDivElement>(null);
  if (!display) return <>{surface}</>;
  return (
    <div
      ref={root}
      className={`item-display ${display.direction}`}
      data-testid="item-display"
      data-source={display.source}
    >
      {display.blocks.map((block, i) => (
        <div key={i} className={`display-field display-${block.type}-field`} data-field={block.key}>
          {block.label && <div className="display-label">{block.label}</div>}
          <Body
            block={block}
            surface={surface}
            turnSlot={turnSlot}
            chatSlot={chatSlot}
            fieldSurface={fieldSurface}
            dialogueSpans={dialogueSpans}
            boxLayer={boxLayer}
          />
        </div>
      ))}
      <LinkArcs root={root} arcs={crossArcs} text={display.blocks.length.toString()} across />
    </div>
  );
}
