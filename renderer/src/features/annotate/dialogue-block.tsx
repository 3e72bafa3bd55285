/**
 * A dialogue's turns, each as text with what the page draws under it (turn-level questions). For Potato's audio
 * dialogue also its recording: a player and a speed selector above a transcript pane of the configured height,
 * each timed turn with its times and a button that plays just that turn, and the turn being heard marked (and
 * scrolled into the pane's view) while the recording plays.
 */
import {
  Fragment,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
  type RefObject,
} from 'react';
import type { DisplayBlock } from '../../shared/api/types.js';
import { dialogueText, DialogueSpanRoot, TurnText, turnStarts, type DialogueSpans } from './dialogue-spans.js';

type Dialogue = Extract<DisplayBlock, { type: 'dialogue' }>;
type Turn = Dialogue['turns'][number];

/** m:ss, or h:mm:ss past an hour */
function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

/** The turn heard at `t`: the last one started by then and not yet ended. */
function heardAt(turns: readonly Turn[], t: number): number {
  let found = -1;
  turns.forEach((turn, i) => {
    if (turn.start !== undefined && turn.start <= t && (turn.end === undefined || t < turn.end)) found = i;
  });
  return found;
}

interface Props {
  block: Dialogue;
  /** what is drawn under a turn, by the turn and its position */
  slot?: (turn: Turn, index: number) => ReactNode;
  /** a span target dialogue: its marks and selection */
  spans?: DialogueSpans;
}

/** The turns drawn plainly, or inside a span target with each turn's text marked. */
function useTurnTexts(turns: readonly Turn[], spans: DialogueSpans | undefined) {
  const text = useMemo(() => (spans ? dialogueText(turns) : ''), [turns, spans]);
  const starts = useMemo(() => turnStarts(turns), [turns]);
  const turnText = (turn: Turn, i: number) =>
    spans ? <TurnText text={turn.text} offset={starts[i]} marks={spans.marks} /> : turn.text;
  const wrap = (className: string, body: ReactNode, ref?: RefObject<HTMLDivElement | null>, style?: CSSProperties) =>
    spans ? (
      <DialogueSpanRoot spans={spans} text={text} className={className} paneRef={ref} style={style}>
        {body}
      </DialogueSpanRoot>
    ) : (
      <div ref={ref} className={className} style={style}>
        {body}
      </div>
    );
  return { turnText, wrap };
}

export function DialogueBlock({ block, slot, spans }: Props) {
  const { turnText, wrap } = useTurnTexts(block.turns, spans);
  if (block.audio) return <AudioDialogue block={block} audio={block.audio} slot={slot} spans={spans} />;
  return wrap(
    'display-dialogue',
    block.turns.map((turn, i) => (
      <Fragment key={i}>
        <p className="turn" dir="auto">
          {turn.speaker && <b className="speaker">{turn.speaker}: </b>}
          {turnText(turn, i)}
        </p>
        {slot?.(turn, i)}
      </Fragment>
    )),
  );
}

function AudioDialogue({ block, audio, slot, spans }: Props & { audio: NonNullable<Dialogue['audio']> }) {
  const { turnText, wrap } = useTurnTexts(block.turns, spans);
  const player = useRef<HTMLAudioElement>(null);
  const pane = useRef<HTMLDivElement>(null);
  // where a turn's own play button stops the recording: the turn's end, else the next turn's start
  const stopAt = useRef<number | null>(null);
  // a seek the page made for a turn's button, which keeps its stop; the annotator's own seek drops it
  const ownSeek = useRef(false);
  const [heard, setHeard] = useState(-1);
  const [failed, setFailed] = useState(false);
  const { source } = audio;

  useEffect(() => {
    if (heard < 0) return;
    pane.current?.querySelector(`[data-turn-index="${heard}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [heard]);

  const playTurn = (i: number) => {
    const el = player.current;
    const turn = block.turns[i];
    if (!el || turn.start === undefined) return;
    stopAt.current = turn.end ?? block.turns.slice(i + 1).find((t) => t.start !== undefined)?.start ?? null;
    ownSeek.current = true;
    el.currentTime = turn.start;
    void el.play().catch(() => undefined); // a refused play leaves the player as it was, its controls still there
  };
  const onTime = () => {
    const el = player.current;
    if (!el) return;
    if (stopAt.current !== null && el.currentTime >= stopAt.current) {
      stopAt.current = null;
      el.pause();
    }
    setHeard(heardAt(block.turns, el.currentTime));
  };

  const label = block.label ?? block.key ?? 'the dialogue';
  let recording: ReactNode;
  if (source.refused) recording = <p className="display-note">Not shown: {source.refused}</p>;
  else if (!source.src) recording = <p className="display-note">Not shown: no recording</p>;
  else if (failed)
    recording = (
      <p className="display-note">
        Could not load the recording{source.remote ? ' (a remote file: it needs a network connection)' : ''}:{' '}
        <code>{source.src}</code>
      </p>
    );
  else
    recording = (
      <div className="dialogue-transport">
        <audio
          ref={player}
          src={source.src}
          controls
          preload="metadata"
          aria-label={`Recording of ${label}`}
          onTimeUpdate={onTime}
          onSeeking={() => {
            if (!ownSeek.current) stopAt.current = null;
            ownSeek.current = false;
          }}
          onError={() => setFailed(true)}
        />
        <label>
          Speed{' '}
          <select
            defaultValue="1"
            onChange={(e) => {
              if (player.current) player.current.playbackRate = Number(e.target.value);
            }}
          >
            {(audio.playback_rates.includes(1) ? audio.playback_rates : [1, ...audio.playback_rates]).map((r) => (
              <option key={r} value={r}>
                {r}×
              </option>
            ))}
          </select>
        </label>
      </div>
    );
  const playable = !failed && !source.refused && !!source.src;
  return (
    <div className="display-dialogue audio-dialogue">
      {recording}
      {wrap(
        'dialogue-pane',
        block.turns.map((turn, i) => (
          <Fragment key={i}>
            <div
              className={`turn${i === heard ? ' heard' : ''}`}
              data-turn-index={i}
              aria-current={i === heard || undefined}
            >
              {turn.start !== undefined && (audio.timestamps || playable) && (
                <span className="turn-time">
                  {playable ? (
                    <button type="button" className="link" onClick={() => playTurn(i)}>
                      ▶<span className="visually-hidden"> Play turn {i + 1} from</span>{' '}
                      {audio.timestamps ? clock(turn.start) : ''}
                    </button>
                  ) : (
                    clock(turn.start)
                  )}
                  {audio.timestamps && turn.end !== undefined && `–${clock(turn.end)}`}
                </span>
              )}
              <p dir="auto">
                {turn.speaker && <b className="speaker">{turn.speaker}: </b>}
                {turnText(turn, i)}
              </p>
            </div>
            {slot?.(turn, i)}
          </Fragment>
        )),
        pane,
        { maxHeight: audio.scroll_height },
      )}
    </div>
  );
}
