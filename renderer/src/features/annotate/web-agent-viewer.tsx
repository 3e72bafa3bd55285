/**
 * Potato's web agent viewer: one step at a time, its screenshot with the overlays drawn over it (the target
 * element's box, the mouse path, the click point; placed in percent, so they follow the image at any size), a
 * toggle for them, previous/next buttons (and ←/→ while the viewer has focus) and a filmstrip of every step's
 * screenshot to jump to one. The step's details are its card, which the trace block shows below.
 */
import { useState, type KeyboardEvent } from 'react';
import type { DisplayBlock } from '../../shared/api/types.js';

type Trace = NonNullable<Extract<DisplayBlock, { type: 'dialogue' }>['trace']>;
type Step = Trace['steps'][number];

function Overlays({ step }: { step: Step }) {
  const { box, path, pointer } = step;
  return (
    <>
      {(box || path) && (
        // a 100×100 view stretched over the image: its units are percent of each side
        <svg className="web-overlays" viewBox="0 0 100 100" preserveAspectRatio="none" aria-hidden="true">
          {path && (
            <polyline
              className="overlay-path"
              points={path.map((p) => `${p.x},${p.y}`).join(' ')}
              vectorEffect="non-scaling-stroke"
            />
          )}
          {box && (
            <rect
              className="overlay-box"
              x={box.x}
              y={box.y}
              width={box.width}
              height={box.height}
              vectorEffect="non-scaling-stroke"
            />
          )}
        </svg>
      )}
      {pointer && (
        <span className="step-pointer" aria-hidden="true" style={{ left: `${pointer.x}%`, top: `${pointer.y}%` }} />
      )}
    </>
  );
}

interface Props {
  trace: Trace;
  current: number;
  onStep: (index: number) => void;
}

export function WebAgentViewer({ trace, current, onStep }: Props) {
  const { options, steps } = trace;
  const [overlays, setOverlays] = useState(options.show_overlays !== false);
  const step = steps[current];
  const last = steps.length - 1;
  const go = (i: number) => onStep(Math.max(0, Math.min(last, i)));
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight')) return;
    // the viewer keeps the arrows, which otherwise move to another item
    e.preventDefault();
    go(current + (e.key === 'ArrowLeft' ? -1 : 1));
  };
  const size = options.filmstrip_size ?? 80;
  const shot = step?.screenshot;
  return (
    <div className="web-agent-viewer" role="group" aria-label="Web agent steps" tabIndex={0} onKeyDown={onKeyDown}>
      <div className="web-agent-stage">
        {shot?.src ? (
          <div className="web-agent-frame">
            <img
              className="web-agent-shot"
              src={shot.src}
              alt={`Step ${current + 1} screenshot`}
              style={{ maxWidth: options.screenshot_max_width, maxHeight: options.screenshot_max_height }}
            />
            {overlays && step && <Overlays step={step} />}
          </div>
        ) : (
          <p className="web-agent-no-shot">{shot?.refused ?? 'No screenshot for this step'}</p>
        )}
      </div>
      <div className="web-agent-nav">
        <button type="button" onClick={() => go(current - 1)} disabled={current === 0}>
          ‹ Previous
        </button>
        <span className="web-agent-counter" role="status">
          Step {current + 1} of {steps.length}
        </span>
        <button type="button" onClick={() => go(current + 1)} disabled={current >= last}>
          Next ›
        </button>
        <label className="web-agent-toggle">
          <input type="checkbox" checked={overlays} onChange={(e) => setOverlays(e.target.checked)} /> Overlays
        </label>
      </div>
      {options.show_filmstrip && (
        <nav className="web-agent-filmstrip" aria-label="Steps">
          {steps.map((s, i) => (
            <button
              key={i}
              type="button"
              aria-label={`Step ${i + 1}`}
              aria-current={i === current ? 'step' : undefined}
              style={{ width: size, height: size }}
              onClick={() => go(i)}
            >
              {s.screenshot?.src ? <img src={s.screenshot.src} alt="" loading="lazy" /> : i + 1}
            </button>
          ))}
        </nav>
      )}
    </div>
  );
}
