/**
 * The conversation log and the compose box both of the annotate page's chats draw: messages as text, the user's
 * on the right, the one being sent shown at once with a note that a reply is under way; Enter sends and
 * Shift+Enter starts a new line, as in Potato.
 */
import type { ReactNode } from 'react';
import type { ChatSend } from './use-chat-send.js';
import './chat-thread.css';

interface LogProps {
  label: string;
  messages: readonly { role: string; content: string }[];
  /** what the other side is called above its messages */
  other: string;
  sending: string | null;
  /** the note while a reply is under way */
  replying: string;
  /** shown in place of an empty conversation */
  empty: ReactNode;
  className?: string;
}

export function ChatLog({ label, messages, other, sending, replying, empty, className }: LogProps) {
  const shown = sending === null ? messages : [...messages, { role: 'user', content: sending }];
  return (
    <div className={`chat-log ${className ?? ''}`} role="log" aria-label={label} aria-live="polite">
      {!shown.length && empty}
      {shown.map((m, i) => (
        <div key={i} className={`chat-message ${m.role}`}>
          <span className="chat-who">{m.role === 'user' ? 'You' : other}</span>
          <p dir="auto">{m.content}</p>
        </div>
      ))}
      {sending !== null && (
        <p className="chat-pending" role="status">
          {replying}
        </p>
      )}
    </div>
  );
}

interface ComposeProps {
  chat: ChatSend;
  inputId: string;
  label: string;
  rows: number;
  placeholder?: string;
  disabled?: boolean;
  /** buttons after Send */
  children?: ReactNode;
}

export function ChatCompose({ chat, inputId, label, rows, placeholder, disabled, children }: ComposeProps) {
  return (
    <form
      className="chat-compose"
      onSubmit={(e) => {
        e.preventDefault();
        void chat.send();
      }}
    >
      <label htmlFor={inputId}>{label}</label>
      <textarea
        id={inputId}
        ref={chat.input}
        rows={rows}
        value={chat.draft}
        placeholder={placeholder}
        disabled={disabled}
        onChange={(e) => chat.setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey && !e.ctrlKey && !e.metaKey) {
            e.preventDefault();
            void chat.send();
          }
        }}
      />
      <div className="chat-buttons">
        <button type="submit" disabled={disabled || chat.sending !== null || !chat.draft.trim()}>
          Send
        </button>
        {children}
      </div>
    </form>
  );
}
