/** A small HTTP client with a cookie jar, like a browser or a script would use. */
import { request as httpRequest } from 'node:http';

function send(url: string, method: string, headers: Record<string, string>, body: string | Uint8Array | undefined) {
  return new Promise<{ status: number; headers: Headers; text: () => Promise<string> }>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers))
            for (const one of Array.isArray(v) ? v : [v ?? '']) h.append(k, one);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, headers: h, text: async () => text });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface Reply<T = any> {
  status: number;
  body: T;
  headers: Headers;
  text: string;
}

export class Client {
  private cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  cookie(name: string): string | undefined {
    return this.cookies.get(name);
  }

  setCookie(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  async request<T = any>(
    method: string,
    path: string,
    options: {
      json?: unknown;
      form?: Record<string, string>;
      raw?: string | Uint8Array;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = { accept: 'application/json', ...this.defaults, ...options.headers };
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    } else if (options.raw !== undefined) body = options.raw;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // node:http rather than fetch: tests must be able to send any Host header and any bytes
    const response = await send(this.base + path, method, headers, body);
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json: json ?? {}, headers });
  }

  postForm<T = any>(path: string, form: Record<string, string>, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { form, headers });
  }

  /** Registers (or logs in, if the account exists) and keeps the session cookie. */
  async login(username: string, password = 'secret-pass'): Promise<this> {
    let r = await this.postForm('/register', { username, password });
    if (r.status === 409 || r.status === 403) r = await this.postForm('/auth', { username, password });
    if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${r.text}`);
    return this;
  }
}
