/**
 * Sending one chat message the way both of the annotate page's chats do: the message shows as pending while it is
 * under way, a refusal is said as a sentence and puts the message back into the box, and the box takes the focus
 * again either way.
 */
import { useRef, useState } from 'react';

/**
 * `deliver` posts the message and records the reply; it throws to refuse. `refusal` turns what it threw into the
 * sentence shown.
 */
export function useChatSend(deliver: (message: string) => Promise<void>, refusal: (e: unknown) => string) {
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);

  const send = async () => {
    const message = draft.trim();
    if (!message || sending !== null) return;
    setSending(message);
    setDraft('');
    setError(null);
    try {
      await deliver(message);
    } catch (e) {
      // nothing was kept: the message goes back into the box to send again
      setDraft(message);
      setError(refusal(e));
    } finally {
      setSending(null);
      input.current?.focus();
    }
  };
  return { draft, setDraft, sending, error, setError, input, send };
}

export type ChatSend = ReturnType<typeof useChatSend>;
