/**
 * Passwords written into `user_config.users`: one shorter than the minimum stops startup, a weak one is warned about.
 */
import { PASSWORD_FLOOR, minLengthFor, passwordProblem } from '../domain/users/password-rules.js';
import { ConfigError } from './config-error.js';
import type { RawConfig } from './schema.js';

/** Returns the minimum password length in force (user_config.min_password_length, or the floor). */
export function checkConfigPasswords(raw: RawConfig, path: string, warn: (message: string) => void): number {
  const minPasswordLength = raw.user_config?.min_password_length ?? PASSWORD_FLOOR;
  for (const u of raw.user_config?.users ?? []) {
    if (u.password === undefined) continue;
    const min = minLengthFor({ minLength: minPasswordLength }, raw.admin_users.includes(u.username));
    const problem = passwordProblem(u.password, u.username, min);
    if ([...u.password].length < min)
      throw new ConfigError(
        path,
        `user_config.users: the password of "${u.username}" is shorter than ${min} characters; give it a longer one`,
      );
    if (problem) warn(`user_config.users: the password of "${u.username}" is weak (${problem})`);
  }
  return minPasswordLength;
}
