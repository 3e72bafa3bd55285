/**
 * Potato's interactive agent chat on the annotate page: drawn where the display puts the `interactive_chat` field,
 * it holds this annotator's conversation with the project's agent on this item (`/agent_chat/…`), then, once
 * finished, the conversation as the dialogue the annotator judges. Every message is drawn as text. The endpoints
 * answer a message with the whole reply, so the panel says a reply is under way rather than streaming it.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import { ChatCompose, ChatLog } from '../../shared/chat/chat-thread.js';
import { useChatSend } from '../../shared/chat/use-chat-send.js';
import './agent-chat.css';

interface Message {
  role: 'user' | 'agent';
  content: string;
}
interface Status {
  finished: boolean;
  messages: Message[];
  step_count: number;
  max_steps: number;
  conversation?: { speaker: string; text: string }[];
}

/** A refusal of the agent chat endpoints as a sentence for the annotator. */
function refusal(e: unknown, maxSteps: number): string {
  if (!(e instanceof ApiError)) return errorText(e);
  if (e.status === 409) return 'The agent is still answering your last message: wait for its reply.';
  if (e.status === 429) return 'You sent many messages in the last minute: wait a moment, then send again.';
  if (e.status === 503) return 'This project has no agent to talk with.';
  if (e.status === 502 || e.status === 504) return 'The agent could not be reached: send your message again.';
  if (e.message.startsWith('Step limit'))
    return `Step limit reached: this chat has had its ${maxSteps} steps. Finish the chat to annotate it.`;
  if (e.message.startsWith('Session time limit'))
    return 'This chat has run out of time. Finish the chat to annotate it.';
  return e.message;
}

const query = (id: string) => `?instance_id=${encodeURIComponent(id)}`;

export function AgentChatPanel({ instanceId, label }: { instanceId: string; label?: string }) {
  const [status, setStatus] = useState<Status | null>(null);
  const chat = useChatSend(
    async (message) => {
      const reply = await api.post<{ content: string; step_count: number }>('/agent_chat/send', {
        message,
        instance_id: instanceId,
      });
      setStatus(
        (s) =>
          s && {
            ...s,
            step_count: reply.step_count,
            messages: [...s.messages, { role: 'user', content: message }, { role: 'agent', content: reply.content }],
          },
      );
    },
    (e) => refusal(e, status?.max_steps ?? 0),
  );
  const { sending, error, setError } = chat;
  const finished = useRef<HTMLHeadingElement>(null);
  // set when the annotator finishes the chat here, so the finished conversation takes the focus once drawn (the
  // Finish chat button that had it is gone); its heading and the sentence describing it are then read out
  const justFinished = useRef(false);
  const domId = useId();

  useEffect(() => {
    let live = true;
    api.get<Status>(`/agent_chat/status${query(instanceId)}`).then(
      (s) => live && setStatus(s),
      (e: unknown) => live && setError(errorText(e)),
    );
    return () => {
      live = false;
    };
  }, [instanceId, setError]);

  useEffect(() => {
    if (status?.finished && justFinished.current) {
      justFinished.current = false;
      finished.current?.focus();
    }
  }, [status]);

  if (!status) return error ? <p className="agent-chat-error">{error}</p> : <p>Loading the chat…</p>;
  const name = label ?? 'Chat with the agent';

  if (status.finished) {
    return (
      <section className="agent-chat finished" aria-label={name} data-testid="agent-chat">
        <h3 ref={finished} tabIndex={-1} className="agent-chat-title" aria-describedby={`${domId}-finished`}>
          The finished conversation
        </h3>
        <p id={`${domId}-finished`} className="agent-chat-note">
          You finished this chat: answer the questions about it below.
        </p>
        <div className="display-dialogue">
          {(status.conversation ?? []).map((turn, i) => (
            <p key={i} className="turn" dir="auto">
              <b className="speaker">{turn.speaker}: </b>
              {turn.text}
            </p>
          ))}
        </div>
      </section>
    );
  }

  const atLimit = status.step_count >= status.max_steps;
  const finish = async () => {
    setError(null);
    try {
      await api.post('/agent_chat/finish', { instance_id: instanceId });
      justFinished.current = true;
      setStatus(await api.get<Status>(`/agent_chat/status${query(instanceId)}`));
    } catch (e) {
      setError(refusal(e, status.max_steps));
    }
  };

  return (
    <section className="agent-chat" aria-label={name} data-testid="agent-chat">
      <ChatLog
        label="Conversation"
        messages={status.messages}
        other="Agent"
        sending={sending}
        replying="The agent is replying…"
        empty={<p className="agent-chat-empty">Send the agent a message to start the conversation.</p>}
        className="agent-chat-log"
      />
      <p className="agent-chat-steps" data-testid="agent-chat-steps">
        Step {status.step_count} of {status.max_steps}
      </p>
      {atLimit && !error && (
        <p className="agent-chat-note" role="status">
          Step limit reached: finish the chat to annotate it.
        </p>
      )}
      {error && (
        <p className="agent-chat-error" role="alert">
          {error}
        </p>
      )}
      <ChatCompose
        chat={chat}
        inputId={`agent-chat-input-${instanceId}`}
        label="Message to the agent"
        rows={2}
        disabled={atLimit}
      >
        <button type="button" disabled={!status.messages.length || sending !== null} onClick={() => void finish()}>
          Finish chat
        </button>
      </ChatCompose>
    </section>
  );
}
