/**
 * A web agent step's overlays in percent of its viewport: the element's box, the click point and the mouse path,
 * clipped to the viewport, and Potato's 1280×720 taken when a step names no viewport. Through buildDisplay, the
 * same path a served item takes: the geometry reaches the page only with a screenshot to draw it on.
 */
import { describe, expect, it } from 'vitest';
import { buildDisplay } from '../../../../server/domain/display/build.js';
import { DEFAULT_TRACE_OPTIONS } from '../../../../server/domain/display/agent-trace.js';
import { traceSteps } from '../../../../server/domain/display/trace-steps.js';
import type { DisplaySpec } from '../../../../server/domain/display/types.js';
import { webGeometry } from '../../../../server/domain/display/web-agent-geometry.js';

const viewport = { width: 1000, height: 500 };

describe("a web agent step's overlay geometry", () => {
  it('gives the box, click point and mouse path in percent of the viewport', () => {
    const g = webGeometry({
      element: { tag: 'button', bbox: [100, 50, 300, 100] },
      coordinates: { x: 200, y: 75 },
      mouse_path: [
        [0, 0],
        [500, 250],
        [200, 75],
      ],
      viewport,
    });
    expect(g.box).toEqual({ x: 10, y: 10, width: 20, height: 10 });
    expect(g.pointer).toEqual({ x: 20, y: 15 });
    expect(g.path).toEqual([
      { x: 0, y: 0 },
      { x: 50, y: 50 },
      { x: 20, y: 15 },
    ]);
  });

  it('clips a box and a path that run past the viewport to its edges', () => {
    const g = webGeometry({
      element: { bbox: [900, 450, 1200, 700] },
      coordinates: { x: -10, y: 900 },
      mouse_path: [
        [-50, 10],
        [2000, 250],
      ],
      viewport,
    });
    expect(g.box).toEqual({ x: 90, y: 90, width: 10, height: 10 });
    expect(g.pointer).toEqual({ x: 0, y: 100 });
    expect(g.path).toEqual([
      { x: 0, y: 2 },
      { x: 100, y: 50 },
    ]);
    // a box wholly outside the viewport has nothing left to draw
    expect(webGeometry({ element: { bbox: [1100, 0, 1200, 50] }, viewport }).box).toBeUndefined();
  });

  it("takes Potato's 1280×720 for a step without a usable viewport", () => {
    const g = webGeometry({ element: { bbox: [320, 180, 640, 360] }, coordinates: { x: 640, y: 360 } });
    expect(g.box).toEqual({ x: 25, y: 25, width: 25, height: 25 });
    expect(g.pointer).toEqual({ x: 50, y: 50 });
    expect(webGeometry({ coordinates: { x: 640, y: 360 }, viewport: { width: 0, height: 'tall' } }).pointer).toEqual({
      x: 50,
      y: 50,
    });
  });

  it('leaves out what is not geometry: a short bbox, a path of one point, a point of text', () => {
    const g = webGeometry({
      element: { bbox: [1, 2, 3] },
      coordinates: { x: 'left', y: 3 },
      mouse_path: [[1, 2]],
      viewport,
    });
    expect(g).toEqual({});
    expect(webGeometry({ mouse_path: [[1, 2], 'here'], viewport }).path).toBeUndefined();
  });

  it('reaches the display with the step when it has a screenshot, not without one', () => {
    const spec: DisplaySpec = {
      kind: 'fields',
      fields: [{ key: 'steps', type: 'dialogue', agentTrace: { ...DEFAULT_TRACE_OPTIONS, kind: 'web_agent' } }],
      direction: 'vertical',
      textKey: 'text',
      idKey: 'id',
      surfaceFirst: false,
    };
    const step = { action_type: 'click', element: { bbox: [100, 50, 300, 100] }, coordinates: { x: 200, y: 75 } };
    const steps = [{ ...step, screenshot_url: 'https://shots.test/0.png', viewport }, step];
    expect(traceSteps(steps)?.[1].box).toEqual({ x: 7.81, y: 6.94, width: 15.63, height: 6.95 });
    const [block] = buildDisplay(spec, { steps }, '').blocks;
    const shown = block.type === 'dialogue' ? block.trace?.steps : undefined;
    expect(shown?.[0]).toMatchObject({ box: { x: 10, y: 10, width: 20, height: 10 }, pointer: { x: 20, y: 15 } });
    expect(shown?.[1].box).toBeUndefined();
  });
});
