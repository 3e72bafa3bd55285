/**
 * Potato's think-aloud mode: annotators speak while they work, each recorded chunk is transcribed by the configured
 * speech-to-text server (or arrives as text), and the transcript is kept verbatim per (annotator, instance) as
 * their rationale. A set phrasing commits a label (spoken-labels.ts), which the page then selects. Chunks and their
 * audio go through the Store in one write after the transcription succeeded, so a failed transcription keeps
 * nothing; a chunk sent again under the same `seq` replaces the first. Sessions are derived on each read.
 */
import { invalid, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { AnnotationService } from '../annotation/annotation-service.js';
import { SpokenLabels, type Detection } from './spoken-labels.js';

export interface ThinkAloudSettings {
  enabled: boolean;
  /** the scheme whose labels can be spoken ('' when off) */
  schema: string;
  /** 'server': the OpenAI-compatible server at sttUrl; 'mock': the page's mock_text is the transcript */
  stt: 'server' | 'mock';
  /** why no speech-to-text server is reachable (an audio chunk is then a 503 saying so), or null */
  sttMissing: string | null;
  model: string;
  language: string | null;
  chunkSeconds: number;
  /** the page nudges once before Submit or Next while recording with no label chosen (Potato's default: on) */
  requireSpokenLabel: boolean;
  stems?: string[];
  fillers?: string[];
}

/** Turns one chunk of audio into text; throws upstream_failed / upstream_timeout DomainErrors. */
export interface SpeechToText {
  transcribe(audio: AudioChunk): Promise<string>;
}

export interface AudioChunk {
  bytes: Uint8Array;
  /** the media type, e.g. audio/webm */
  type: string;
  filename: string;
}

export interface ChunkRecord {
  annotator: string;
  instance_id: string;
  seq: number;
  text: string;
  source: 'audio' | 'text';
  at: string;
}

/** One line of the transcripts export: Potato's record, and whether the chunk was recorded or sent as text. */
export interface TranscriptLine {
  username: string;
  instance_id: string;
  seq: number;
  text: string;
  timestamp: number;
  source: ChunkRecord['source'];
}

interface AudioRecord {
  type: string;
  /** base64 */
  data: string;
}

declare module '../ports.js' {
  interface Tables {
    /** `<annotator>\u0001<instance id>\u0001<seq>` → one chunk's transcript */
    thinkaloud_chunks: ChunkRecord;
    /** the same key → the chunk's recorded audio */
    thinkaloud_audio: AudioRecord;
    /** `<annotator>\u0001<instance id>` → the seqs of the session's chunks, ascending */
    thinkaloud_sessions: { annotator: string; instance_id: string; seqs: number[] };
  }
}

export interface SessionView {
  annotator: string;
  instance_id: string;
  /** the last label committed by voice in the session, or null */
  detection: Detection | null;
  n_chunks: number;
  /** the seq a page sends its next chunk under: one past the highest kept */
  next_seq: number;
  silent_chunks: number;
  filler_count: number;
  /** every chunk's text in seq order */
  transcript: string;
  /** the transcript without the phrases that committed labels */
  rationale: string;
}

const OFF =
  'think-aloud is not enabled in this project: the project owner turns it on with thinkaloud: {enabled: true}';

export class ThinkAloud {
  private readonly parser: SpokenLabels;

  constructor(
    private readonly store: Store,
    private readonly annotations: AnnotationService,
    private readonly clock: Clock,
    readonly settings: ThinkAloudSettings,
    labels: readonly string[],
    private readonly stt: SpeechToText | null,
  ) {
    this.parser = new SpokenLabels(labels, settings.stems, settings.fillers);
  }

  /** A chunk that is already text (Potato's no-audio path). */
  async addText(username: string, instanceId: string, seq: number, text: string) {
    this.checkEnabled();
    await this.annotations.instanceFor(username, instanceId);
    return this.keep(username, instanceId, seq, text, 'text', null);
  }

  /** A recorded chunk: transcribed first, then kept with its audio; `mockText` is the transcript under stt: mock. */
  async addAudio(username: string, instanceId: string, seq: number, audio: AudioChunk, mockText?: string) {
    this.checkEnabled();
    await this.annotations.instanceFor(username, instanceId);
    let text: string;
    if (this.settings.stt === 'mock') text = mockText ?? '';
    else {
      if (!this.stt) throw unavailable(this.settings.sttMissing ?? 'thinkaloud.base_url: no speech-to-text server');
      text = (await this.stt.transcribe(audio)).trim();
    }
    return this.keep(username, instanceId, seq, text, 'audio', audio);
  }

  state(username: string, instanceId: string): SessionView {
    this.checkEnabled();
    return this.view(username, instanceId);
  }

  /** Every session, in the order they were first written. */
  sessions(): SessionView[] {
    this.checkEnabled();
    return [...this.store.entries('thinkaloud_sessions')].map(([, s]) => this.view(s.annotator, s.instance_id));
  }

  /**
   * Every chunk kept, as Potato's `thinkaloud/transcripts.jsonl` holds them (its field names; `timestamp` in Unix
   * seconds), oldest first as Potato appends them. A chunk sent again under its seq replaced the first here, so it
   * appears once, at the time it was sent again.
   */
  transcripts(): TranscriptLine[] {
    this.checkEnabled();
    return [...this.store.entries('thinkaloud_chunks')]
      .map(([, c]) => c)
      .sort((a, b) => a.at.localeCompare(b.at))
      .map((c) => ({
        username: c.annotator,
        instance_id: c.instance_id,
        seq: c.seq,
        text: c.text,
        timestamp: Date.parse(c.at) / 1000,
        source: c.source,
      }));
  }

  /** A chunk's audio as recorded, or undefined. */
  audio(username: string, instanceId: string, seq: number): { type: string; bytes: Buffer } | undefined {
    this.checkEnabled();
    const a = this.store.get('thinkaloud_audio', chunkKey(username, instanceId, seq));
    return a && { type: a.type, bytes: Buffer.from(a.data, 'base64') };
  }

  private async keep(
    username: string,
    instanceId: string,
    seq: number,
    text: string,
    source: ChunkRecord['source'],
    audio: AudioChunk | null,
  ) {
    if (!Number.isSafeInteger(seq) || seq < 0) throw invalid('seq: must be a whole number, 0 or more');
    const key = chunkKey(username, instanceId, seq);
    const session = sessionKey(username, instanceId);
    const seqs = this.store.get('thinkaloud_sessions', session)?.seqs ?? [];
    const record: ChunkRecord = {
      annotator: username,
      instance_id: instanceId,
      seq,
      text,
      source,
      at: new Date(this.clock.now()).toISOString(),
    };
    await this.store.write([
      { table: 'thinkaloud_chunks', key, value: record },
      audio
        ? {
            table: 'thinkaloud_audio',
            key,
            value: { type: audio.type, data: Buffer.from(audio.bytes).toString('base64') },
          }
        : { table: 'thinkaloud_audio', key, delete: true as const },
      {
        table: 'thinkaloud_sessions',
        key: session,
        value: {
          annotator: username,
          instance_id: instanceId,
          seqs: seqs.includes(seq) ? seqs : [...seqs, seq].sort((a, b) => a - b),
        },
      },
    ]);
    // Potato's rolling window: this chunk with the one before it, so a phrase across the boundary is heard
    const previous = this.chunksOf(username, instanceId).filter((c) => c.seq < seq);
    const before = previous.length ? previous[previous.length - 1].text : '';
    const window = before ? `${before} ${text}` : text;
    return {
      seq,
      text,
      detection: this.parser.detect(window, before ? before.length + 1 : 0),
      state: this.view(username, instanceId),
    };
  }

  private chunksOf(username: string, instanceId: string): ChunkRecord[] {
    const seqs = this.store.get('thinkaloud_sessions', sessionKey(username, instanceId))?.seqs ?? [];
    return seqs.flatMap((s) => this.store.get('thinkaloud_chunks', chunkKey(username, instanceId, s)) ?? []);
  }

  private view(username: string, instanceId: string): SessionView {
    const chunks = this.chunksOf(username, instanceId);
    const transcript = chunks
      .map((c) => c.text)
      .filter(Boolean)
      .join(' ');
    return {
      annotator: username,
      instance_id: instanceId,
      detection: this.parser.detect(transcript),
      n_chunks: chunks.length,
      next_seq: chunks.length ? chunks[chunks.length - 1].seq + 1 : 0,
      silent_chunks: chunks.filter((c) => c.text.trim() === '').length,
      filler_count: this.parser.fillerCount(transcript),
      transcript,
      rationale: this.parser.rationale(transcript),
    };
  }

  /** A 503 saying how to turn it on, while it is off. */
  checkEnabled(): void {
    if (!this.settings.enabled) throw unavailable(OFF);
  }
}

const sessionKey = (username: string, instanceId: string) => `${username}\u0001${instanceId}`;
const chunkKey = (username: string, instanceId: string, seq: number) => `${username}\u0001${instanceId}\u0001${seq}`;
