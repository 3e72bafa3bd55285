/**
 * A test receiver on 127.0.0.1 that speaks the wire formats of Ollama (/api/chat, /api/generate), OpenAI-compatible
 * servers (/v1/chat/completions) and Anthropic (/v1/messages), with scripted replies: a reply text, an error
 * status, a slow answer (for timeouts) or a raw body. It records every request so tests can count calls and check
 * what was sent.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

export interface LlmCall {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
}

interface ScriptedReply {
  /** the model's reply text, wrapped in the protocol's response shape */
  content?: string;
  /** answer with this status and an error body in the protocol's shape */
  status?: number;
  /** wait this long before answering */
  delayMs?: number;
  /** send exactly this body (status 200 unless `status` says otherwise) */
  raw?: string;
}

export interface LlmServer {
  url: string;
  calls: LlmCall[];
  /** what to answer; called for each request, defaults to a valid reply with the first label "positive" */
  reply: (call: LlmCall) => ScriptedReply;
  close(): Promise<void>;
}

function shape(path: string, content: string, model: string): unknown {
  if (path === '/api/chat')
    return {
      model,
      created_at: new Date().toISOString(),
      message: { role: 'assistant', content },
      done: true,
      done_reason: 'stop',
    };
  if (path === '/api/generate') return { model, created_at: new Date().toISOString(), response: content, done: true };
  if (path.endsWith('/chat/completions')) {
    return {
      id: 'chatcmpl-test',
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    };
  }
  if (path.endsWith('/messages')) {
    return {
      id: 'msg_test',
      type: 'message',
      role: 'assistant',
      model,
      content: [{ type: 'text', text: content }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 10, output_tokens: 10 },
    };
  }
  return undefined;
}

function errorShape(path: string, status: number): unknown {
  const message = `scripted failure ${status}`;
  if (path.startsWith('/api/')) return { error: message };
  if (path.endsWith('/messages')) return { type: 'error', error: { type: 'api_error', message } };
  return { error: { message, type: 'server_error', code: null } };
}

export async function startLlmServer(): Promise<LlmServer> {
  const llm: LlmServer = {
    url: '',
    calls: [],
    reply: () => ({
      content: JSON.stringify({
        label: 'positive',
        confidence: 0.9,
        rationale: 'it sounds happy',
        keywords: ['great'],
      }),
    }),
    // set once the server listens
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: any;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const call: LlmCall = { path: req.url ?? '', headers: req.headers, body };
      llm.calls.push(call);
      const scripted = llm.reply(call);
      const send = () => {
        if (res.destroyed) return;
        const status = scripted.status ?? 200;
        let out: unknown;
        if (scripted.raw !== undefined) out = scripted.raw;
        else if (status !== 200) out = JSON.stringify(errorShape(call.path, status));
        else {
          const wrapped = shape(call.path, scripted.content ?? '', body?.model ?? 'test-model');
          if (wrapped === undefined) {
            res
              .writeHead(404, { 'content-type': 'application/json' })
              .end(JSON.stringify({ error: `no such path ${call.path}` }));
            return;
          }
          out = JSON.stringify(wrapped);
        }
        res.writeHead(status, { 'content-type': 'application/json' }).end(out as string);
      };
      if (scripted.delayMs) setTimeout(send, scripted.delayMs);
      else send();
    });
  });
  Object.assign(llm, await listenOnLoopback(server));
  return llm;
}
