/** The one error a config load ends in, and how zod's complaints become its message: a key path and a reason. */
import type { z } from 'zod';

export class ConfigError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'ConfigError';
  }
}

export function formatPath(path: PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    '',
  );
}

/**
 * zod says only "Invalid input" for a value no branch of a union accepts; each branch's complaint says what would do.
 */
export function reasonOf(issue: z.core.$ZodIssue): string {
  if (issue.code !== 'invalid_union' || !issue.errors.length) return issue.message;
  const reasons = issue.errors
    .filter((branch) => branch.length)
    .map((branch) => (branch[0].path.length ? `${formatPath(branch[0].path)}: ` : '') + reasonOf(branch[0]));
  return [...new Set(reasons)].join(', or ');
}

export function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${formatPath(i.path) || '(top level)'}: ${reasonOf(i)}`)
    .join('; ');
}
