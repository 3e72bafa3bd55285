/**
 * Potato's `authentication` section and its user file, so a lab moving a Potato project here keeps its annotators'
 * logins. The file (`user_config_path`, else Potato's default: `user_config.json` in the folder that holds
 * `output_annotation_dir`, or inside it when that is written with a trailing slash, as Python reads it) holds a
 * JSON object per line, `{"username", "password"}`, the password in plain text or as Potato's salted PBKDF2 hash
 * (`<32 hex salt>$<64 hex hash>`). Its users are configured users, as `user_config.users` are: each logs in with
 * their Potato password, hashed with scrypt from their first login on. `in_memory` (Potato's default) and `oauth`
 * (single sign-on, its keys read in oauth.ts) are the methods this project has; the others are warned about.
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import type { ConfiguredUser } from '../project-config.js';
import { oauthKeys } from './oauth.js';

export const authenticationSchema = z.lazy(() =>
  z.looseObject({
    method: z.string().optional(),
    user_config_path: z.string().min(1).optional(),
    ...oauthKeys(),
  }),
);

/** Potato's stored form: a 16-byte salt in hex, `$`, PBKDF2-SHA256 (100,000 rounds) of the password in hex. */
const POTATO_HASH = /^([0-9a-f]{32})\$([0-9a-f]{64})$/i;

const line = z.lazy(() =>
  z.object({
    username: z.union([z.string(), z.number()]).transform(String),
    password: z.string().optional(),
  }),
);

/** The users of Potato's user file, and warnings for what is not taken from it. */
export function readAuthentication(
  raw: z.output<typeof authenticationSchema> | undefined,
  dir: string,
  /** `output_annotation_dir` as written */
  outputDir: string,
  warn: (message: string) => void,
): ConfiguredUser[] {
  const method = raw?.method ?? 'in_memory';
  if (method !== 'in_memory' && method !== 'oauth')
    warn(
      `authentication.method "${method}" is not acted on: accounts are kept in the project's store and users ` +
        `log in with a name and password, or through OAuth with method "oauth" (Clerk sign-in is not built)`,
    );
  const beside = outputDir.endsWith('/') ? outputDir : dirname(outputDir);
  const path = resolve(dir, raw?.user_config_path ?? join(beside, 'user_config.json'));
  if (!existsSync(path)) {
    if (raw?.user_config_path)
      warn(`authentication.user_config_path: ${path} does not exist; no users are read from it`);
    return [];
  }
  const users: ConfiguredUser[] = [];
  const refused: number[] = [];
  readFileSync(path, 'utf8')
    .split('\n')
    .forEach((text, i) => {
      if (!text.trim()) return;
      let parsed: z.infer<typeof line> | undefined;
      try {
        parsed = line.parse(JSON.parse(text));
      } catch {
        refused.push(i + 1);
        return;
      }
      const hashed = parsed.password && POTATO_HASH.exec(parsed.password);
      const file = basename(path);
      users.push(
        hashed
          ? {
              username: parsed.username,
              password_hash: `pbkdf2-sha256$100000$${hashed[1]}$${hashed[2].toLowerCase()}`,
              file,
            }
          : { username: parsed.username, password: parsed.password || undefined, file },
      );
    });
  if (refused.length)
    warn(`${path}: line(s) ${refused.join(', ')} are not {"username", "password"} objects and are skipped`);
  return users;
}
