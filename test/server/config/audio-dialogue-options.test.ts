/**
 * Potato's audio dialogue from config to display: the recording and the turns found where `audio_key` and
 * `turns_key` say (Whisper's `segments` when the turns key is absent), each turn's times read from seconds or
 * transcript timestamps, the player's settings passed on, the recording's host let through the page's media policy,
 * and a bad option warned about with the default used.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { buildDisplay } from '../../../server/domain/display/build.js';
import { remoteMediaOrigins } from '../../../server/domain/display/media-origins.js';
import { writeProject } from '../../helpers/project.js';

const episode = {
  id: 'ep1',
  text: 'Episode one',
  talk: {
    recording: 'https://media.example/ep1.mp3',
    turns: [
      { turn_id: 'a', speaker: 'host', start: 0, end: 6.5, text: 'Welcome back.' },
      { speaker: 'guest', start: '00:00:06,500', end: '0:12.25', text: 'Glad to be here.' },
      { text: 'No times here.' },
    ],
  },
};
const whisper = {
  id: 'ep2',
  text: 'Episode two',
  talk: { recording: 'media/ep2.mp3', segments: [{ start: 1, end: 2, text: 'Hi.' }] },
};

const load = (options: Record<string, unknown>) =>
  loadConfig(
    writeProject({
      items: [episode, whisper],
      config: {
        instance_display: {
          fields: [{ key: 'talk', type: 'audio_dialogue', label: 'Talk', display_options: options }],
        },
        annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }],
      },
    }),
    {},
  );

const talkOf = (config: ReturnType<typeof load>, item: { text: string }) =>
  buildDisplay(config.display!, item, item.text).blocks.find((b) => b.key === 'talk');

describe('audio dialogue display options', () => {
  it('finds the recording and the turns, reads their times and passes the player its settings', () => {
    const config = load({ audio_key: 'recording', scroll_height: 300, show_timestamps: false, playback_rates: [1, 2] });
    const talk = talkOf(config, episode);
    expect(talk).toMatchObject({
      type: 'dialogue',
      label: 'Talk',
      audio: {
        source: { src: 'https://media.example/ep1.mp3', remote: true },
        timestamps: false,
        scroll_height: '300px',
        playback_rates: [1, 2],
      },
    });
    const turns = (talk as { turns: { start?: number; end?: number; text: string }[] }).turns;
    expect(turns.map((t) => [t.start, t.end])).toEqual([
      [0, 6.5],
      [6.5, 12.25],
      [undefined, undefined],
    ]);
    // a Whisper transcript's segments, and a recording in the task folder
    const second = talkOf(config, whisper);
    expect(second).toMatchObject({
      turns: [{ text: 'Hi.', start: 1, end: 2 }],
      audio: { source: { src: '/api/media/media/ep2.mp3', remote: false } },
    });
    expect(remoteMediaOrigins(config.display, config.task.instances)).toEqual(['https://media.example']);
    expect(config.warnings.join('\n')).not.toMatch(/display_options/);
  });

  it('uses the defaults: the recording under audio, timestamps shown, a 480px pane, four speeds', () => {
    const item = { id: 'x', text: 'x', talk: { audio: 'https://a.example/x.mp3', turns: episode.talk.turns } };
    const block = talkOf(load({}), item);
    expect(block).toMatchObject({
      audio: { timestamps: true, scroll_height: '480px', playback_rates: [1, 1.25, 1.5, 2] },
    });
  });

  it('warns about a bad option and uses the default', () => {
    const config = load({ scroll_height: 'tall', playback_rates: [0], show_timestamps: 'yes', turns_key: '' });
    const warned = config.warnings.join('\n');
    expect(warned).toMatch(/display_options\.scroll_height: expected a length such as 460px; "480px" is used/);
    expect(warned).toMatch(/display_options\.playback_rates: expected a list of speeds from 0\.25 to 4/);
    expect(warned).toMatch(/display_options\.show_timestamps: expected true or false; true is used/);
    expect(warned).toMatch(/display_options\.turns_key: expected the name of a key of the field; "turns" is used/);
  });

  it('shows a WebVTT or SubRip transcript given in place of the turns as timed turns', () => {
    const config = load({});
    const vtt = {
      id: 'v',
      text: 'v',
      talk: {
        audio: 'media/v.wav',
        turns: 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ana>Hello there.\n\n00:02.000 --> 00:03.500\nBo: Hi.',
      },
    };
    expect(talkOf(config, vtt)).toMatchObject({
      type: 'dialogue',
      turns: [
        { speaker: 'Ana', text: 'Hello there.', start: 0, end: 2 },
        { speaker: 'Bo', text: 'Hi.', start: 2, end: 3.5 },
      ],
      audio: { source: { src: '/api/media/media/v.wav', remote: false } },
    });
    const srt = {
      id: 's',
      text: 's',
      talk: { audio: 'media/s.wav', turns: '1\n00:00:01,000 --> 00:00:02,000\nYes.\n' },
    };
    expect(talkOf(config, srt)).toMatchObject({ type: 'dialogue', turns: [{ text: 'Yes.', start: 1, end: 2 }] });
  });
});
