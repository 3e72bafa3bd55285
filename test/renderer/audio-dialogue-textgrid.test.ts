/**
 * A Praat TextGrid sidecar on the annotate page in headless Chromium: its tiers show as timed turns with the tier
 * names as speakers, in time order, the silences left out.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { openRig } from './annotator-rig.js';
import { tempDir } from '../helpers/temp-dir.js';
import { silentWav } from './silent-wav.js';

const textGrid = `File type = "ooTextFile"
Object class = "TextGrid"

xmin = 0
xmax = 3
tiers? <exists>
size = 2
item []:
    item [1]:
        class = "IntervalTier"
        name = "Halla"
        xmin = 0
        xmax = 3
        intervals: size = 2
        intervals [1]:
            xmin = 0
            xmax = 1.1
            text = "Is the lamp trimmed?"
        intervals [2]:
            xmin = 1.1
            xmax = 3
            text = ""
    item [2]:
        class = "IntervalTier"
        name = "Bjorn"
        xmin = 0
        xmax = 3
        intervals: size = 2
        intervals [1]:
            xmin = 0
            xmax = 1.3
            text = ""
        intervals [2]:
            xmin = 1.3
            xmax = 2.6
            text = "Trimmed and lit."
`;

describe('the audio dialogue with a Praat TextGrid sidecar', () => {
  test('shows its tiers as timed turns with speakers', async () => {
    const dir = tempDir('marginalia-dialogue-textgrid-');
    writeFileSync(join(dir, 'lamp.wav'), silentWav(3));
    mkdirSync(join(dir, 'grids'));
    writeFileSync(join(dir, 'grids', 'lamp.TextGrid'), textGrid);
    const { rig, page } = await openRig({
      dir,
      items: [{ id: 'g1', text: 'Lamp room', talk: { audio: 'lamp.wav', transcript: 'grids/lamp.TextGrid' } }],
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'clear', description: 'Clear?', labels: ['yes', 'no'] }],
        instance_display: {
          fields: [
            { key: 'text', type: 'text' },
            { key: 'talk', type: 'audio_dialogue', label: 'Transcript' },
          ],
        },
      },
    });
    await page.locator('.audio-dialogue .turn').first().waitFor();
    expect(await page.locator('.audio-dialogue .turn b').allInnerTexts()).toEqual(['Halla: ', 'Bjorn: ']);
    expect(await page.locator('.turn-time').allTextContents()).toEqual([
      '▶ Play turn 1 from 0:00–0:01',
      '▶ Play turn 2 from 0:01–0:02',
    ]);
    await expect.poll(() => page.locator('.audio-dialogue').innerText()).toContain('Trimmed and lit.');
    expect(rig.foreign).toEqual([]);
  }, 120_000);
});
