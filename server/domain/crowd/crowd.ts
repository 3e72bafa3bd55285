/**
 * Crowd workers who arrive from a study platform's link (Potato's `login: {type: url_direct}`): the platform's
 * worker ID in the URL is the username, with nothing to type, and the platform's other IDs (study, session,
 * assignment) are kept with the worker so exports can be joined with the platform's records.
 *
 * The guarantee (docs/crowdsourcing.md): the platform's ID is the credential. Whoever opens the link with a
 * worker's ID is that worker, as on Potato. Beyond that, where the platform gives each worker's session an ID of
 * its own (Prolific's SESSION_ID, MTurk's assignmentId), the account is bound to the value of its first visit,
 * so editing the worker ID in the URL to another worker's is not enough: their session ID is needed too.
 * Worker accounts have no password and cannot be reached through /auth; a password account's name cannot be
 * taken over through a link.
 */
import { forbidden, invalid } from '../errors.js';
import type { Clock, Store } from '../ports.js';

export interface CrowdSettings {
  /** the URL parameter naming the worker; null when login is not url_direct */
  loginArgument: string | null;
  provider: string | null;
  platformLabel: string;
  /** other URL parameters kept with the worker */
  capture: string[];
  /** the captured parameter an account is bound to at its first visit, where the platform has one */
  bindParam: string | null;
  completion: {
    code: string | null;
    /** a URL template with {code}, {worker_id}, {session_id}, {study_id} and captured parameter names */
    redirectUrl: string | null;
    message: string | null;
    autoRedirect: boolean;
    delayMs: number;
  };
  taskDescription: string | null;
  hideNavbar: boolean;
  jumpingDisabled: boolean;
}

export interface CrowdWorker {
  worker_id: string;
  provider: string;
  /** the captured URL parameters of the first visit (later visits add ones not seen before) */
  params: Record<string, string>;
  first_seen: string;
  last_seen: string;
}

declare module '../ports.js' {
  interface Tables {
    crowd_workers: CrowdWorker;
  }
}

/** MTurk's value while a worker only previews a HIT they have not accepted. */
const MTURK_PREVIEW = 'ASSIGNMENT_ID_NOT_AVAILABLE';

const USERNAME = /^[A-Za-z0-9._@-]{1,64}$/;

/** Where each platform takes a finished worker, when the config gives no redirect_url. */
const PLATFORM_COMPLETE: Record<string, string> = {
  prolific: 'https://app.prolific.com/submissions/complete?cc={code}',
};

/** MTurk's submit hosts: turkSubmitTo comes from the URL, so only MTurk's own are followed. */
const MTURK_HOSTS = new Set(['https://www.mturk.com', 'https://workersandbox.mturk.com']);

export class CrowdService {
  constructor(
    private readonly store: Store,
    readonly settings: CrowdSettings,
    private readonly clock: Clock,
    /** whether a password account of that name exists */
    private readonly isAccount: (username: string) => boolean,
  ) {}

  get enabled(): boolean {
    return this.settings.loginArgument !== null;
  }

  isWorker(username: string): boolean {
    return this.store.get('crowd_workers', username) !== undefined;
  }

  worker(username: string): CrowdWorker | undefined {
    return this.store.get('crowd_workers', username);
  }

  /** What exports keep with a worker's annotations, joinable with the platform's records. */
  exportOf(username: string): Record<string, string> | undefined {
    const worker = this.worker(username);
    return worker ? { provider: worker.provider, worker_id: worker.worker_id, ...worker.params } : undefined;
  }

  /** Whether a study link's query names a worker (so a page should sign them in). */
  names(query: Record<string, unknown>): boolean {
    return this.enabled && typeof first(query[this.settings.loginArgument!]) === 'string';
  }

  /** Signs a worker in from the study link's query; returns the username. Refusals name the parameter. */
  async signIn(query: Record<string, unknown>): Promise<string> {
    const argument = this.settings.loginArgument;
    if (!argument) throw forbidden('this project does not sign workers in from the study link');
    const id = first(query[argument])?.trim() ?? '';
    if (!id)
      throw invalid(`${argument}: missing from the study link; open the study from ${this.settings.platformLabel}`);
    if (!USERNAME.test(id) || /^\.+$/.test(id))
      throw invalid(`${argument}: must be 1–64 characters of letters, digits and . _ - @`);
    if (first(query.assignmentId) === MTURK_PREVIEW)
      throw forbidden('this is a preview of the HIT: accept the HIT on MTurk to begin');
    if (this.isAccount(id))
      throw forbidden(
        `${argument}: "${id}" is the name of a password account here; it cannot sign in from a study link`,
      );
    const params: Record<string, string> = {};
    for (const name of this.settings.capture) {
      const value = first(query[name]);
      if (typeof value === 'string' && value.length <= 2048) params[name] = value;
    }
    const now = new Date(this.clock.now()).toISOString();
    const known = this.store.get('crowd_workers', id);
    const bind = this.settings.bindParam;
    if (known && bind && known.params[bind] !== undefined && params[bind] !== known.params[bind]) {
      throw forbidden(
        `${argument}: this worker ID is already in use in another ${this.settings.platformLabel} session; open the study from your own ${this.settings.platformLabel} account`,
      );
    }
    const value: CrowdWorker = known
      ? { ...known, params: { ...params, ...known.params }, last_seen: now }
      : { worker_id: id, provider: this.settings.provider ?? 'generic', params, first_seen: now, last_seen: now };
    await this.store.write([{ table: 'crowd_workers', key: id, value }]);
    return id;
  }

  /** What the page shows a worker at the end of their list: the code, and where to go with it. */
  completion(username: string) {
    const { code, redirectUrl, message, autoRedirect, delayMs } = this.settings.completion;
    const worker = this.worker(username);
    let url: string | null = null;
    if (worker?.provider === 'mturk' && !redirectUrl) url = this.mturkSubmit(worker, code);
    else {
      const template =
        redirectUrl ??
        (worker ? PLATFORM_COMPLETE[worker.provider] : undefined) ??
        (this.enabled ? PLATFORM_COMPLETE[this.settings.provider ?? ''] : undefined);
      if (template && (code || !template.includes('{code}')))
        url = fill(template, {
          code: code ?? '',
          worker_id: username,
          session_id: worker?.params.SESSION_ID ?? '',
          study_id: worker?.params.STUDY_ID ?? '',
          ...worker?.params,
        });
    }
    return {
      completion_code: code,
      message,
      platform: this.settings.platformLabel,
      redirect_url: url,
      auto_redirect: autoRedirect && url !== null,
      redirect_delay_ms: delayMs,
    };
  }

  private mturkSubmit(worker: CrowdWorker, code: string | null): string | null {
    const to = worker.params.turkSubmitTo;
    const assignment = worker.params.assignmentId;
    if (!to || !assignment) return null;
    const origin = to.replace(/\/+$/, '');
    if (!MTURK_HOSTS.has(origin)) return null;
    const url = new URL(`${origin}/mturk/externalSubmit`);
    url.searchParams.set('assignmentId', assignment);
    if (code) url.searchParams.set('completion_code', code);
    return url.toString();
  }
}

const first = (v: unknown): string | undefined =>
  Array.isArray(v) ? (typeof v[0] === 'string' ? v[0] : undefined) : typeof v === 'string' ? v : undefined;

/** Fills `{name}` placeholders, each value URL-encoded; unknown names become empty. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z0-9_.-]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''));
}
