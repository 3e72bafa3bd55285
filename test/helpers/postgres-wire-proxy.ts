/**
 * A TCP proxy on 127.0.0.1 in front of PostgreSQL that reads the client's side of the wire protocol: it counts the
 * statements each application sends (Bind messages, one per execution of a prepared statement) and can hold the
 * database's answers to one application back for a while, as a slow link would, leaving the others' on time.
 * The test file's end closes it.
 */
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterFile } from './after-file.js';

export interface PostgresWireProxy {
  /** the database URL, through the proxy */
  url: string;
  /** statements executed so far by the connections with this application_name */
  statements(application: string): number;
}

export async function startPostgresWireProxy(
  databaseUrl: string,
  hold: { application: string; ms: number } | null = null,
): Promise<PostgresWireProxy> {
  const target = new URL(databaseUrl);
  const counts = new Map<string, number>();
  const open = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => s.destroy());
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    let application = '';
    let started = false;
    let pending = Buffer.alloc(0);
    client.on('data', (chunk: Buffer) => {
      upstream.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        if (!started) {
          // the startup message: length, protocol version, then name/value pairs ending in an empty name
          if (pending.length < 4 || pending.length < pending.readInt32BE(0)) return;
          const fields = pending.subarray(8, pending.readInt32BE(0)).toString('utf8').split('\0');
          for (let i = 0; i + 1 < fields.length; i += 2)
            if (fields[i] === 'application_name') application = fields[i + 1];
          pending = pending.subarray(pending.readInt32BE(0));
          started = true;
          continue;
        }
        if (pending.length < 5 || pending.length < 1 + pending.readInt32BE(1)) return;
        if (pending[0] === 0x42) counts.set(application, (counts.get(application) ?? 0) + 1); // 'B'
        pending = pending.subarray(1 + pending.readInt32BE(1));
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      if (hold && application === hold.application) setTimeout(() => client.write(chunk), hold.ms);
      else client.write(chunk);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterFile(
    () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  );
  const url = new URL(databaseUrl);
  url.host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url: url.toString(), statements: (application) => counts.get(application) ?? 0 };
}
