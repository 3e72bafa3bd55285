/** A server on a data folder whose journal is damaged mid-way refuses to start, saying where and what to do. */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeProject, sampleItems } from '../helpers/project.js';
import { spawnServer } from '../helpers/server.js';
import { Client } from '../helpers/client.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('a damaged journal', () => {
  it(
    'stops the server at start, naming file, record and offset, and the repair command',
    { timeout: 90_000 },
    async () => {
      const config = writeProject({ items: sampleItems(10) });
      const dataDir = tempDir('marginalia-damaged-');
      const args = ['--config', config, '--data-dir', dataDir];
      const server = await spawnServer(args);
      const client = new Client(server.url);
      await client.login('ana', 'ana-password');
      for (let i = 1; i <= 6; i++)
        expect(
          (
            await client.post('/updateinstance', {
              instance_id: `item-${i}`,
              annotations: { 'sentiment:positive': 'true' },
            })
          ).status,
        ).toBe(200);
      await server.kill('SIGTERM');

      const name = readdirSync(dataDir).find((n) => /^journal-\d+\.jsonl$/.test(n))!;
      const bytes = readFileSync(join(dataDir, name));
      const at = bytes.indexOf('item-3');
      bytes[at + 5] = '8'.charCodeAt(0); // the record now names item-8: valid JSON, wrong item
      writeFileSync(join(dataDir, name), bytes);

      const refused = await spawnServer(args).then(
        async (s) => (await s.kill(), 'listening'),
        (e: Error) => e.message,
      );
      expect(refused).toMatch(
        new RegExp(`${name}: record \\d+ \\(byte offset \\d+\\) is damaged \\(checksum mismatch\\)`),
      );
      expect(refused).toContain(`npm run repair -- --data-dir ${dataDir}`);
    },
  );
});
