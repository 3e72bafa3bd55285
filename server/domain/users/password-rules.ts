/**
 * What a password must be: long enough (`user_config.min_password_length`, never below 8 for admin names) and not
 * one of the passwords a guesser tries first. Every channel that stores a password (registration, the setup link,
 * the admin key, passwords in the config) checks it here.
 */
import { invalid } from '../errors.js';
import { COMMON_PASSWORDS } from './common-passwords.js';

/** The default minimum length, and the least an admin password may have whatever the config says. */
export const PASSWORD_FLOOR = 8;

export interface PasswordPolicy {
  /** `user_config.min_password_length`, PASSWORD_FLOOR when not set */
  minLength: number;
}

/** The minimum length for this account: the configured one, raised to the floor for admin names. */
export function minLengthFor(policy: PasswordPolicy, isAdmin: boolean): number {
  return isAdmin ? Math.max(PASSWORD_FLOOR, policy.minLength) : policy.minLength;
}

/** Why the password breaks the rules, or undefined when it keeps them. */
export function passwordProblem(password: string, username: string, minLength: number): string | undefined {
  if ([...password].length < minLength) return `password must be at least ${minLength} characters long`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower))
    return 'password is one of the most common passwords, which are tried first: choose another';
  if (lower === username.toLowerCase()) return 'password must not be the username';
  return undefined;
}

export function checkPassword(password: string, username: string, minLength: number): void {
  const problem = passwordProblem(password, username, minLength);
  if (problem) throw invalid(problem);
}
