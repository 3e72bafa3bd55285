/** A zip file of text files (deflated), written whole with fflate: what a published dataset downloads as. */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** Writes `<folder>/<name>.zip` (a temp file renamed, so a download never reads half of one) and answers its path. */
export async function writeZipArchive(
  folder: string,
  name: string,
  files: { path: string; content: string }[],
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${name}.zip`);
  const temp = `${path}.${process.pid}.tmp`;
  // fflate is loaded with the first archive written, not with every server
  const { strToU8, zipSync } = await import('fflate');
  const entries = Object.fromEntries(files.map((f) => [f.path, strToU8(f.content)]));
  await writeFile(temp, zipSync(entries, { level: 6 }));
  await rename(temp, path);
  return path;
}
