/**
 * Potato's chat support on the annotate page: a button in the top bar, named by the config's `ui.title`, opens a
 * sidebar where the annotator talks with the project's model about the item in front of them (`/api/chat/…`).
 * The server keeps one conversation per annotator and item, so another item shows its own conversation and coming
 * back shows this one again. Replies are drawn as text. While open on a wide screen the sidebar takes its
 * `sidebar_width` from the page rather than covering the item; on a phone it covers the page until closed.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { ChatConfig, ChatMessage, ChatReply } from '../../shared/api/types.js';
import { ChatCompose, ChatLog } from '../../shared/chat/chat-thread.js';
import { useChatSend } from '../../shared/chat/use-chat-send.js';
import './chat-support.css';

const OPEN_KEY = 'marginalia.chat-support-open';
// one request a page load, not one per item: the settings change only with the project's config; a failed read is
// not kept, so the next time the annotate screen opens it asks again
let settings: Promise<ChatConfig | null> | undefined;
const loadSettings = () =>
  (settings ??= api.get<ChatConfig>('/api/chat/config').catch(() => {
    settings = undefined;
    return null;
  }));

function remembered(): boolean {
  try {
    return sessionStorage.getItem(OPEN_KEY) === '1';
  } catch {
    return false;
  }
}
function remember(open: boolean): void {
  try {
    sessionStorage.setItem(OPEN_KEY, open ? '1' : '0');
  } catch {
    // storage refused: the sidebar starts closed on the next page
  }
}

/** A refused message as a sentence for the annotator; what they typed goes back into the box. */
function refusal(e: unknown): string {
  if (!(e instanceof ApiError)) return errorText(e);
  if (e.status === 409) return 'The model is still answering your last message: wait for its reply.';
  if (e.status === 502) return 'The model could not be reached: send your message again.';
  if (e.status === 504) return 'The model took too long to answer: send your message again.';
  if (e.status === 503) return 'This project has no model to ask.';
  return e.message;
}

export function ChatSupport({ instanceId }: { instanceId: string }) {
  const [config, setConfig] = useState<ChatConfig | null>(null);
  const [open, setOpen] = useState(remembered);
  const toggle = useRef<HTMLButtonElement>(null);
  const sidebarId = useId();

  useEffect(() => {
    let live = true;
    void loadSettings().then((c) => live && setConfig(c));
    return () => {
      live = false;
    };
  }, []);

  const width = Math.min(Math.max(config?.sidebar_width ?? 380, 200), 800);
  const shown = open && !!config?.enabled;
  useEffect(() => {
    if (!shown) return;
    // the page makes room for the sidebar on a wide screen (chat-support.css reads the width)
    const root = document.documentElement;
    root.classList.add('chat-support-open');
    root.style.setProperty('--chat-support-width', `${width}px`);
    return () => {
      root.classList.remove('chat-support-open');
      root.style.removeProperty('--chat-support-width');
    };
  }, [shown, width]);

  if (!config?.enabled) return null;
  const setShown = (next: boolean) => {
    setOpen(next);
    remember(next);
    if (!next) toggle.current?.focus();
  };
  return (
    <>
      <button
        ref={toggle}
        type="button"
        className="link chat-support-toggle"
        aria-expanded={open}
        aria-controls={sidebarId}
        onClick={() => setShown(!open)}
      >
        {config.title}
      </button>
      {open && (
        <ChatSidebar
          id={sidebarId}
          config={config}
          instanceId={instanceId}
          width={width}
          close={() => setShown(false)}
        />
      )}
    </>
  );
}

interface SidebarProps {
  id: string;
  config: ChatConfig;
  instanceId: string;
  width: number;
  close(): void;
}

function ChatSidebar({ id, config, instanceId, width, close }: SidebarProps) {
  const [messages, setMessages] = useState<ChatMessage[] | null>(null);
  const chat = useChatSend(async (message) => {
    const reply = await api.post<ChatReply>('/api/chat/send', { message, instance_id: instanceId });
    // a reply to an item the annotator has since left belongs to that item's conversation, not this one
    if (reply.instance_id === instanceId)
      setMessages((m) => [
        ...(m ?? []),
        { role: 'user', content: message, instance_id: instanceId, timestamp: Date.now() / 1000 },
        { role: 'assistant', content: reply.content, instance_id: instanceId, timestamp: Date.now() / 1000 },
      ]);
  }, refusal);
  const { sending, error, setError, input } = chat;

  useEffect(() => {
    let live = true;
    setMessages(null);
    setError(null);
    api.get<{ messages: ChatMessage[] }>(`/api/chat/history?instance_id=${encodeURIComponent(instanceId)}`).then(
      (h) => live && setMessages(h.messages),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [instanceId, setError]);

  useEffect(() => input.current?.focus(), [input]);

  return (
    <aside
      id={id}
      className="chat-support"
      aria-label={config.title}
      style={{ width: `min(${width}px, 100vw)` }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.stopPropagation();
          close();
        }
      }}
    >
      <header className="chat-support-head">
        <h2>{config.title}</h2>
        <button type="button" className="link" onClick={close}>
          Close <kbd>Esc</kbd>
        </button>
      </header>
      <ChatLog
        label="Conversation about this item"
        messages={messages ?? []}
        other="Model"
        sending={sending}
        replying="The model is replying…"
        empty={
          messages === null ? (
            !error && <p className="muted">Loading the conversation…</p>
          ) : (
            <p className="muted">Ask about this item: the model sees its text and the task’s labels.</p>
          )
        }
        className="chat-support-log"
      />
      {error && (
        <p className="chat-support-error" role="alert">
          {error}
        </p>
      )}
      <ChatCompose
        chat={chat}
        inputId={`${id}-input`}
        label="Your question"
        rows={3}
        placeholder={config.placeholder}
      />
    </aside>
  );
}
