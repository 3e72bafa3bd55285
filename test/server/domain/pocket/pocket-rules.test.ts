/** Which tasks are served on phones, and which User-Agents are phones or tablets. */
import { describe, expect, it } from 'vitest';
import { touchVerdict } from '../../../../server/domain/pocket/touch-capable.js';
import { deviceClass } from '../../../../shared/device-class.js';

describe('touchVerdict', () => {
  it('serves a task only when every scheme is answered by taps or a short value', () => {
    const touch = ['radio', 'multiselect', 'likert', 'slider', 'number', 'text', 'textbox', 'pure_display'];
    expect(touchVerdict(touch.map((t, i) => ({ name: `s${i}`, annotation_type: t })))).toEqual({
      capable: true,
      incompatible_schemes: [],
    });
    const mixed = [
      { name: 'tone', annotation_type: 'radio' },
      { name: 'cues', annotation_type: 'span' },
      { name: 'grid', annotation_type: 'multirate' },
      { name: 'kind', annotation_type: 'select' },
    ];
    expect(touchVerdict(mixed)).toEqual({ capable: false, incompatible_schemes: ['cues', 'grid', 'kind'] });
  });
});

describe('deviceClass', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1',
      'mobile',
    ],
    ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36', 'mobile'],
    ['Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0', 'mobile'],
    ['Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148', 'tablet'],
    ['Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'tablet'],
    // iPadOS Safari calls itself a Mac: the page's pointer check catches it, not the server
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15', 'desktop'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36', 'desktop'],
    ['python-requests/2.31.0', 'desktop'],
    ['', 'desktop'],
  ])('%s is a %s', (agent, expected) => {
    expect(deviceClass(agent)).toBe(expected);
  });
});
