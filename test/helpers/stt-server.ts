/**
 * A speech-to-text server on 127.0.0.1 speaking the OpenAI-compatible transcription call
 * (POST /v1/audio/transcriptions, multipart `file`, `model`, `language`, answered `{"text": ...}`) with scripted
 * replies: a transcript, an error status, a slow answer or a raw body. It records every call (the form's fields
 * and the file's type and bytes) so tests can check what was sent.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { listenOnLoopback } from './loopback-server.js';

interface SttCall {
  path: string;
  headers: IncomingHttpHeaders;
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer } | null;
}

interface ScriptedReply {
  /** the transcript */
  text?: string;
  status?: number;
  delayMs?: number;
  raw?: string;
}

export interface SttServer {
  url: string;
  calls: SttCall[];
  /** what to answer; by default the file's bytes read as UTF-8 text, so a test's "audio" says what it holds */
  reply: (call: SttCall) => ScriptedReply;
  close(): Promise<void>;
}

export async function startSttServer(): Promise<SttServer> {
  const stt: SttServer = {
    url: '',
    calls: [],
    reply: (call) => ({ text: call.file?.bytes.toString('utf8') ?? '' }),
    // set once the server listens
    close: () => Promise.resolve(),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const call: SttCall = { path: req.url ?? '', headers: req.headers, fields: {}, file: null };
      try {
        const form = await new Response(new Uint8Array(Buffer.concat(chunks)), {
          headers: { 'content-type': req.headers['content-type'] ?? '' },
        }).formData();
        for (const [k, v] of form) {
          if (typeof v === 'string') call.fields[k] = v;
          else call.file = { name: v.name, type: v.type, bytes: Buffer.from(await v.arrayBuffer()) };
        }
      } catch {
        /* not a form: recorded as it is */
      }
      stt.calls.push(call);
      if (call.path !== '/v1/audio/transcriptions') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"no such path"}');
        return;
      }
      const scripted = stt.reply(call);
      const send = () => {
        if (res.destroyed) return;
        const status = scripted.status ?? 200;
        const body =
          scripted.raw ??
          (status === 200
            ? JSON.stringify({ text: scripted.text ?? '' })
            : JSON.stringify({ error: { message: `scripted failure ${status}` } }));
        res.writeHead(status, { 'content-type': 'application/json' }).end(body);
      };
      if (scripted.delayMs) setTimeout(send, scripted.delayMs);
      else send();
    });
  });
  Object.assign(stt, await listenOnLoopback(server));
  return stt;
}
