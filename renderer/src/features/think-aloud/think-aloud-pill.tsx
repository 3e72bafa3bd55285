/**
 * Potato's think-aloud button on the annotate page: one press starts recording from the microphone, and recording
 * carries on across Next and Previous until Stop. Speech is cut into complete chunks of `chunkSeconds` (a
 * MediaRecorder per chunk, since a fragment of a running recording cannot be decoded alone), each sent as it ends
 * to /thinkaloud/api/chunk for the instance it was spoken on; the chunk under way when the annotator moves on is
 * sent, not dropped. A label said in a set phrasing comes back as a detection and is selected in the form
 * (saved with the rest on submit), and the pill says what it heard. With `require_spoken_label` (Potato's default),
 * Submit or Next pressed while recording with no label chosen, said or clicked, is held once per instance and the
 * pill shows the phrasing to say; pressing again moves on, so a label is never required, only asked for.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { ThinkAloudChunk, ThinkAloudState } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import './think-aloud.css';

interface Props {
  instanceId: string;
  chunkSeconds: number;
  /** a label committed by voice on the instance shown */
  onHeard: (label: string) => void;
  /** the scheme has a label chosen, by voice or by hand */
  chosen: boolean;
  /** nudge once before moving on with no label (require_spoken_label), through the screen's holdNext */
  nudge: ((check: (() => boolean) | null) => void) | null;
}

export function ThinkAloudPill({ instanceId, chunkSeconds, onHeard, chosen, nudge }: Props) {
  const [recording, setRecording] = useState(false);
  const [heard, setHeard] = useState<string | null>(null);
  const [nudged, setNudged] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const instance = useRef(instanceId);
  const stream = useRef<MediaStream | null>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  /** the next seq of each instance, chained so chunks sent at once never share one */
  const seqs = useRef(new Map<string, Promise<number>>());
  const heardCallback = useRef(onHeard);
  heardCallback.current = onHeard;

  const nextSeq = (id: string): Promise<number> => {
    const next =
      seqs.current.get(id) ??
      api.get<ThinkAloudState>(`/thinkaloud/api/state?instance_id=${encodeURIComponent(id)}`).then(
        (s) => s.next_seq,
        () => 0,
      );
    seqs.current.set(
      id,
      next.then((n) => n + 1),
    );
    return next;
  };

  const send = useCallback(async (audio: Blob, id: string) => {
    if (audio.size === 0) return;
    const form = new FormData();
    form.append('instance_id', id);
    form.append('seq', String(await nextSeq(id)));
    form.append('audio', audio, 'chunk.webm');
    try {
      const r = await api.upload<ThinkAloudChunk>('/thinkaloud/api/chunk', form);
      setError(null);
      if (r.detection && id === instance.current) {
        setHeard(r.detection.label);
        heardCallback.current(r.detection.label);
      }
    } catch (e) {
      setError(errorText(e));
    }
  }, []);

  /** Records one chunk for the instance shown now; when it ends it is sent and, still recording, the next begins. */
  const recordChunk = useCallback(() => {
    const media = stream.current;
    if (!media) return;
    const id = instance.current;
    const rec = new MediaRecorder(media);
    const parts: Blob[] = [];
    rec.ondataavailable = (e) => parts.push(e.data);
    rec.onstop = () => {
      clearTimeout(timer);
      void send(new Blob(parts, { type: rec.mimeType || 'audio/webm' }), id);
      if (recorder.current === rec) recordChunk();
    };
    const timer = setTimeout(() => rec.state !== 'inactive' && rec.stop(), chunkSeconds * 1000);
    recorder.current = rec;
    rec.start();
  }, [chunkSeconds, send]);

  const stop = useCallback(() => {
    const rec = recorder.current;
    recorder.current = null;
    if (rec && rec.state !== 'inactive') rec.stop();
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    setRecording(false);
  }, []);

  const start = async () => {
    setError(null);
    try {
      stream.current = await navigator.mediaDevices.getUserMedia({ audio: true });
    } catch (e) {
      setError(`The microphone could not be opened: ${errorText(e)}`);
      return;
    }
    setRecording(true);
    recordChunk();
  };

  // moving on flushes the chunk under way to the instance it was spoken on; the next chunk is the new one's
  useEffect(() => {
    instance.current = instanceId;
    setHeard(null);
    setNudged(false);
    const rec = recorder.current;
    if (rec && rec.state !== 'inactive') rec.stop();
  }, [instanceId]);

  useEffect(() => stop, [stop]);

  // the check reads this render's state; the screen runs it on Submit and Next
  useEffect(() => {
    if (!nudge) return;
    nudge(() => {
      if (!recording || nudged || chosen) return false;
      setNudged(true);
      return true;
    });
    return () => nudge(null);
  }, [nudge, recording, nudged, chosen]);

  return (
    <section className="think-aloud" aria-label="Think aloud">
      <button
        type="button"
        className={recording ? 'think-aloud-pill recording' : 'think-aloud-pill'}
        aria-pressed={recording}
        onClick={() => (recording ? stop() : void start())}
      >
        {recording ? '■ Stop thinking aloud' : '🎤 Think aloud'}
      </button>
      <span className="think-aloud-status" role="status">
        {heard ? `Heard: ${heard} ✓` : recording ? 'Listening… say "I label this …" to choose a label' : ''}
      </span>
      {nudged && !chosen && (
        <p className="think-aloud-nudge" role="alert">
          No label heard yet: say &ldquo;I label this …&rdquo; (or choose one), or press again to move on without one.
        </p>
      )}
      {error && <ErrorNote>{error}</ErrorNote>}
    </section>
  );
}
