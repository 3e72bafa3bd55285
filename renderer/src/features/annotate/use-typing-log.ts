/**
 * Keystroke logging for the project that switches it on (keystroke_logging): how free-text answers are written,
 * never what is written. While a text field of a scheme has focus, each change is noted as its time, kind
 * (InputEvent.inputType), the class of the key that made it, the caret and the change in length; a paste also
 * says whether its text was the item's, the field's own or from elsewhere (the text itself is dropped at once).
 * A field's session ends when it loses focus, after a pause, or when the item changes; finished sessions are
 * posted when the browser is idle, and with sendBeacon when the page is hidden. Off, nothing is listened to; on,
 * a key press costs one array push: nothing is added to the press → next item path.
 */
import { useEffect, useState } from 'react';
import { api } from '../../shared/api/client.js';
import type { ProcessLogging } from '../../shared/api/types.js';

const PATH = '/api/track_typing';

type TypingSettings = ProcessLogging['typing'];

interface TypingEventOut {
  t_ms: number;
  input_type: string;
  key_class: string;
  pos: number;
  delta: number;
  meta?: { paste_source?: string; blur_ms?: number; is_trusted?: boolean };
}

interface Session {
  el: HTMLTextAreaElement | HTMLInputElement;
  schema_name: string;
  label_name: string;
  instance_id: string;
  started: number;
  length: number;
  events: TypingEventOut[];
  last: number;
}

/** The class of a key, never the key. */
function keyClass(key: string): string {
  if (key.length === 1) {
    if (/\p{L}/u.test(key)) return 'letter';
    if (/\d/.test(key)) return 'digit';
    if (key === ' ') return 'space';
    return 'punct';
  }
  if (key === 'Enter') return 'enter';
  if (key === 'Backspace') return 'bksp';
  if (key === 'Delete') return 'del';
  if (key.startsWith('Arrow') || ['Home', 'End', 'PageUp', 'PageDown'].includes(key)) return 'nav';
  if (['Shift', 'Control', 'Alt', 'Meta', 'CapsLock'].includes(key)) return 'mod';
  return 'func';
}

/** A scheme's text field (a textarea or a text input inside the scheme's fieldset), with its scheme and field. */
function fieldOf(target: EventTarget | null): { el: Session['el']; schema: string; label: string } | null {
  const el = target;
  const isText =
    el instanceof HTMLTextAreaElement ||
    (el instanceof HTMLInputElement && (el.type === 'text' || el.type === 'search' || el.type === ''));
  if (!isText) return null;
  const schema = el.closest('fieldset[data-scheme]')?.getAttribute('data-scheme');
  if (!schema) return null;
  const prefix = `scheme-${schema}-`;
  const label = el.id.startsWith(prefix) ? el.id.slice(prefix.length) : el.name || 'text';
  return { el, schema, label };
}

export function useTypingLog(instanceId: string | undefined): { notice: string | null } {
  const [settings, setSettings] = useState<TypingSettings | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<ProcessLogging>('/api/process_logging')
      .then((r) => live && setSettings(r.typing))
      // without its settings the page records nothing; the annotator is not interrupted
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!settings?.enabled || !instanceId) return;
    const s = settings;
    const inScope = (schema: string) =>
      (!s.include_schemas.length || s.include_schemas.includes(schema)) && !s.exclude_schemas.includes(schema);
    const done: Session[] = [];
    let open: Session | null = null;
    let pendingKey: { cls: string; at: number; trusted: boolean } | null = null;
    let hiddenAt: number | null = null;
    let pasteSource: string | null = null;
    let idleTimer = 0;
    let flushTimer = 0;

    const close = () => {
      // a visit without a change is no answer written
      if (open?.events.some((e) => e.input_type !== 'focus' && e.input_type !== 'blur')) done.push(open);
      open = null;
    };
    const body = () => ({
      instance_id: instanceId,
      sessions: done.splice(0).map((x) => ({
        schema_name: x.schema_name,
        label_name: x.label_name,
        instance_id: x.instance_id,
        started_at: x.started / 1000,
        ended_at: (x.started + x.last) / 1000,
        final_chars: x.el.value.length,
        virtual_keyboard: false,
        events: x.events,
      })),
    });
    const flush = (leaving: boolean) => {
      if (leaving) close();
      if (!done.length) return;
      const payload = body();
      if (leaving && navigator.sendBeacon(PATH, new Blob([JSON.stringify(payload)], { type: 'application/json' })))
        return;
      // a lost session is lost evidence, never a reason to interrupt the annotator
      api.post(PATH, payload).catch(() => undefined);
    };
    const scheduleFlush = () => {
      if (flushTimer) return;
      flushTimer = window.setTimeout(() => {
        flushTimer = 0;
        // a page that is never idle (an animation running) still sends, a little later
        if ('requestIdleCallback' in window) window.requestIdleCallback(() => flush(false), { timeout: 2000 });
        else flush(false);
      }, s.flush_interval_ms);
    };
    const note = (e: TypingEventOut) => {
      if (!open) return;
      open.events.push(e);
      open.last = e.t_ms;
      window.clearTimeout(idleTimer);
      idleTimer = window.setTimeout(() => {
        close();
        scheduleFlush();
      }, s.idle_session_ms);
    };
    const now = () => (open ? Math.round(Date.now() - open.started) : 0);

    const onFocus = (e: { target: EventTarget | null }) => {
      const f = fieldOf(e.target);
      if (!f || !inScope(f.schema)) return;
      if (open?.el !== f.el) close();
      if (!open) {
        open = {
          el: f.el,
          schema_name: f.schema,
          label_name: f.label,
          instance_id: instanceId,
          started: Date.now(),
          length: f.el.value.length,
          events: [],
          last: 0,
        };
      }
      note({ t_ms: now(), input_type: 'focus', key_class: 'unknown', pos: f.el.selectionStart ?? 0, delta: 0 });
    };
    const onBlur = (e: FocusEvent) => {
      if (open && e.target === open.el) {
        close();
        scheduleFlush();
      }
    };
    const onKey = (e: KeyboardEvent) => {
      if (open && e.target === open.el) pendingKey = { cls: keyClass(e.key), at: e.timeStamp, trusted: e.isTrusted };
    };
    const onPaste = (e: ClipboardEvent) => {
      if (!open || e.target !== open.el || !s.classify_paste_source) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      const item = document.querySelector('.text-column')?.textContent ?? '';
      pasteSource =
        text && open.el.value.includes(text) ? 'self' : text && item.includes(text) ? 'instance_text' : 'external';
    };
    const onInput = (e: Event) => {
      if (!open || e.target !== open.el) return;
      const input = e as InputEvent;
      const length = open.el.value.length;
      const delta = length - open.length;
      open.length = length;
      const keyed = pendingKey && input.timeStamp - pendingKey.at < 100 ? pendingKey : null;
      pendingKey = null;
      const ev: TypingEventOut = {
        t_ms: now(),
        input_type: input.inputType || 'other',
        key_class: keyed ? keyed.cls : 'unknown',
        pos: open.el.selectionStart ?? length,
        delta,
      };
      if (input.inputType === 'insertFromPaste' && pasteSource) ev.meta = { paste_source: pasteSource };
      if (!input.isTrusted || keyed?.trusted === false) ev.meta = { ...ev.meta, is_trusted: false };
      pasteSource = null;
      note(ev);
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        hiddenAt = Date.now();
        flush(true);
      } else if (hiddenAt !== null && open) {
        note({
          t_ms: now(),
          input_type: 'blur',
          key_class: 'unknown',
          pos: 0,
          delta: 0,
          meta: { blur_ms: Date.now() - hiddenAt },
        });
        hiddenAt = null;
      }
    };
    const onHide = () => flush(true);

    // one signal takes every listener off again when the item or the settings change
    const listening = new AbortController();
    const bubbling = { signal: listening.signal };
    const capturing = { signal: listening.signal, capture: true };
    document.addEventListener('focusin', onFocus, bubbling);
    document.addEventListener('focusout', onBlur, bubbling);
    document.addEventListener('keydown', onKey, capturing);
    document.addEventListener('paste', onPaste, capturing);
    document.addEventListener('input', onInput, capturing);
    document.addEventListener('visibilitychange', onVisibility, bubbling);
    window.addEventListener('pagehide', onHide, bubbling);
    // a field focused before the item loaded (or kept across items) starts its session at once
    if (document.activeElement) onFocus({ target: document.activeElement });
    return () => {
      listening.abort();
      window.clearTimeout(idleTimer);
      window.clearTimeout(flushTimer);
      // the item is left: what was typed on it goes now, in the background
      close();
      flush(false);
    };
  }, [settings, instanceId]);

  return { notice: settings?.enabled ? settings.notice : null };
}
