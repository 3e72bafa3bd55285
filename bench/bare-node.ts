/**
 * The yardstick: a bare node:http server answering every request with a JSON body shaped like
 * /api/current_instance. Run as its own process, like the real server, so both compete for the same CPU with
 * the load generator. Prints `listening on <url>` as the real server does.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const text =
  'Review 1: the product arrived late but works great shipping was slow price fair quality poor support helpful box broken sound clear.';
const record = {
  instance_id: 'item-000001',
  current_index: 0,
  total_instances: 1000,
  text,
  data: { id: 'item-000001', text },
  annotated: false,
};

const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = JSON.stringify(record);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
