// The renderer's API types (renderer/src/shared/api/openapi.d.ts) are a build output, not in git: typecheck and
// lint write them first with `npm run gen:api` when the file is missing or older than what it is generated from
// (the server, shared/, the generator, the installed packages), so a fresh clone and a changed route need nothing
// more than the usual commands.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const target = join(root, 'renderer/src/shared/api/openapi.d.ts');
const newest = (path) => {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let t = 0;
  for (const entry of readdirSync(path)) t = Math.max(t, newest(join(path, entry)));
  return t;
};
const sources = Math.max(
  newest(join(root, 'server')),
  newest(join(root, 'shared')),
  newest(join(root, 'scripts/gen-api-types.ts')),
  newest(join(root, 'package-lock.json')),
);
if (!existsSync(target) || statSync(target).mtimeMs < sources)
  execFileSync(process.execPath, ['--import', 'tsx', join(root, 'scripts/gen-api-types.ts')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
