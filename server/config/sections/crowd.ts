/**
 * Potato's crowdsourcing keys: `login` (url_direct / prolific: sign a worker in from the study link),
 * `crowdsourcing` (provider and completion per platform), `completion_code`, `auto_redirect_on_completion`,
 * `auto_redirect_delay`, `task_description`, `hide_navbar`, `jumping_to_id_disabled`, and the platform API
 * blocks `prolific` (its token and study for the admin's study management, read in crowd-platform.ts; its
 * monitoring and slot reclaim are warned about) and `mturk` (warned about, not acted on).
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import type { CrowdSettings } from '../../domain/crowd/crowd.js';

const bool = looseBoolean;
const numberish = looseUnsignedNumber;
const text = z.lazy(() => z.union([z.string(), z.number()]).transform(String));
const paramName = z
  .string()
  .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a URL parameter name: 1-64 letters, digits, "_", "." or "-"');

const LOGIN_TYPES = ['standard', 'password', 'url_direct', 'prolific'] as const;
const PROVIDERS = ['prolific', 'mturk', 'generic', 'connect', 'sona', 'microworkers', 'expert'] as const;

const completion = z.lazy(() =>
  z.looseObject({
    code: text.optional(),
    redirect_url: z.string().optional(),
    failed_code: text.optional(),
    message: z.string().optional(),
  }),
);

const providerBlock = z.looseObject({
  id_param: paramName.optional(),
  capture_params: z.array(paramName).optional(),
  platform_label: z.string().optional(),
  completion: completion.optional(),
});

/** SONA's keys for its credit page (`webstudy_credit.aspx`), where a finished participant is sent for credit. */
/** Prolific's API token and study, for the admin's study management (crowd-platform.ts). */
const prolificBlock = providerBlock.extend({ token: text.optional(), study_id: text.optional() });

const sonaBlock = providerBlock.extend({
  hostname: z
    .string()
    .regex(/^[A-Za-z0-9.-]{1,253}$/, 'a host name such as yourdept.sona-systems.com')
    .optional(),
  experiment_id: text.optional(),
  credit_token: text.optional(),
});

/** Merged into the config schema's shape, so unknown keys inside these sections are warned about by name. */
export const crowdShape = {
  login: z
    .looseObject({
      type: z.enum(LOGIN_TYPES, { message: `login.type must be one of ${LOGIN_TYPES.join(', ')}` }).default('standard'),
      url_argument: paramName.optional(),
    })
    .optional(),
  crowdsourcing: z
    .looseObject({
      provider: z.enum(PROVIDERS, { message: `one of ${PROVIDERS.join(', ')}` }).optional(),
      ...Object.fromEntries(
        PROVIDERS.map((p) => [
          p,
          (p === 'sona' ? sonaBlock : p === 'prolific' ? prolificBlock : providerBlock).optional(),
        ]),
      ),
    })
    .optional(),
  prolific: z
    .looseObject({
      config_file_path: z.string().optional(),
      token: text.optional(),
      study_id: text.optional(),
      /** ours: where the platform's API is (a proxy, a test's fake); Prolific's own by default */
      api_base_url: z.string().optional(),
    })
    .optional(),
  mturk: z.looseObject({ enabled: bool.optional(), config_file_path: z.string().optional() }).optional(),
  completion_code: text.optional(),
  auto_redirect_on_completion: bool.optional(),
  auto_redirect_delay: numberish.pipe(z.number().min(0).max(600_000)).optional(),
  task_description: z.string().optional(),
  hide_navbar: bool.optional(),
  jumping_to_id_disabled: bool.optional(),
};

type Raw = { [K in keyof typeof crowdShape]?: z.output<(typeof crowdShape)[K]> };

/** The URL parameter each platform names its worker with, and the ones kept beside it. */
const PLATFORM: Record<(typeof PROVIDERS)[number], { id: string; capture: string[]; bind?: string; label: string }> = {
  prolific: { id: 'PROLIFIC_PID', capture: ['STUDY_ID', 'SESSION_ID'], bind: 'SESSION_ID', label: 'Prolific' },
  mturk: { id: 'workerId', capture: ['assignmentId', 'hitId', 'turkSubmitTo'], bind: 'assignmentId', label: 'MTurk' },
  generic: { id: 'PROLIFIC_PID', capture: [], label: 'the study platform' },
  connect: { id: 'participantId', capture: ['assignmentId', 'projectId'], bind: 'assignmentId', label: 'Connect' },
  sona: { id: 'sona_code', capture: [], label: 'SONA' },
  microworkers: { id: 'mw_id', capture: ['campaign', 'slot_id'], label: 'Microworkers' },
  expert: { id: 'invite', capture: [], label: 'the study' },
};

/** The provider a config without a `crowdsourcing` section implies, from its URL parameter (Potato's own guess). */
function impliedProvider(argument: string): (typeof PROVIDERS)[number] {
  if (argument === 'workerId') return 'mturk';
  if (argument === 'PROLIFIC_PID') return 'prolific';
  return 'generic';
}

export function readCrowd(raw: Raw, debug: boolean, file: string): { crowd: CrowdSettings; warnings: string[] } {
  const warnings: string[] = [];
  const warn = (m: string) => warnings.push(`${file}: ${m}`);
  const type = raw.login?.type ?? 'standard';
  const direct = type === 'url_direct' || type === 'prolific';
  if (!direct && raw.login?.url_argument)
    warn(
      `login.url_argument is ignored: login.type is "${type}" (use url_direct to sign workers in from the study link)`,
    );
  const block = raw.crowdsourcing;
  const providerName =
    block?.provider ?? (direct ? impliedProvider(raw.login?.url_argument ?? 'PROLIFIC_PID') : undefined);
  const given =
    (providerName
      ? (block as Record<string, z.output<typeof providerBlock> | undefined> | undefined)?.[providerName]
      : undefined) ?? {};
  const platform = providerName ? PLATFORM[providerName] : undefined;
  const argument = raw.login?.url_argument ?? given.id_param ?? platform?.id ?? 'PROLIFIC_PID';
  if (given.id_param && raw.login?.url_argument && given.id_param !== raw.login.url_argument) {
    warn(
      `crowdsourcing.${providerName}.id_param "${given.id_param}" differs from login.url_argument "${raw.login.url_argument}"; login.url_argument is used`,
    );
  }
  if (block && !direct) warn('crowdsourcing: the section has no effect unless login.type is url_direct');
  const sonaCredit = providerName === 'sona' ? sonaCreditUrl(given as z.output<typeof sonaBlock>) : null;
  if (providerName === 'sona') {
    warn(
      sonaCredit
        ? "crowdsourcing.sona: credit is not granted server-side (that needs SONA's API over the network); a finished participant is sent to SONA's credit page, which grants it"
        : 'crowdsourcing.sona: without hostname, experiment_id and credit_token no credit is granted; workers sign in from the link and see the completion code',
    );
  }
  if (providerName === 'microworkers')
    warn('crowdsourcing.microworkers: per-worker vcodes are not generated; the completion code is shown as configured');
  if (providerName === 'expert')
    warn('crowdsourcing.expert: invite tokens are used as the username as they are; the invites map is not read');
  if (raw.prolific)
    warn(
      'prolific: only the study management of the admin API (/admin/api/crowd) is done; submission monitoring, slot reclaim and the workload checker are not, and the server never pauses or resumes the study',
    );
  if (raw.mturk)
    warn(
      'mturk: the MTurk API integration (auto-approval) needs the network and is not done; URL login and the completion code work',
    );
  if (type === 'prolific') warn('login.type "prolific" is treated as url_direct (the study link signs workers in)');

  const code = given.completion?.code ?? raw.completion_code ?? null;
  const redirect = given.completion?.redirect_url;
  if (redirect !== undefined) {
    const problem = redirectProblem(redirect);
    if (problem) throw new CrowdConfigError(`crowdsourcing.${providerName}.completion.redirect_url: ${problem}`);
  }
  const crowd: CrowdSettings = {
    loginArgument: direct ? argument : null,
    provider: direct ? (providerName ?? 'generic') : null,
    platformLabel: given.platform_label ?? platform?.label ?? 'the study platform',
    capture: direct
      ? [...new Set([...(platform?.capture ?? []), ...(given.capture_params ?? [])])].filter((p) => p !== argument)
      : [],
    bindParam: direct ? (platform?.bind ?? null) : null,
    completion: {
      code,
      redirectUrl: given.completion?.redirect_url ?? sonaCredit,
      message: given.completion?.message ?? null,
      autoRedirect: raw.auto_redirect_on_completion ?? false,
      delayMs: raw.auto_redirect_delay ?? 5000,
    },
    taskDescription: raw.task_description ?? null,
    hideNavbar: raw.hide_navbar ?? false,
    jumpingDisabled: raw.jumping_to_id_disabled ?? false,
  };
  if (crowd.completion.autoRedirect && !code && !crowd.completion.redirectUrl)
    warn('auto_redirect_on_completion is ignored: there is no completion_code or redirect_url to go to');
  if (raw.auto_redirect_delay !== undefined && !crowd.completion.autoRedirect)
    warn('auto_redirect_delay is ignored: auto_redirect_on_completion is not true');
  if (crowd.loginArgument && debug)
    throw new CrowdConfigError(
      'login.type url_direct cannot be used with debug: debug mode signs anyone in under any name',
    );
  return { crowd, warnings };
}

export class CrowdConfigError extends Error {}

/**
 * SONA's client-side credit link (Potato's fallback when its server-side grant fails), the survey code filled in per
 * worker.
 */
function sonaCreditUrl(block: z.output<typeof sonaBlock>): string | null {
  if (!block.hostname || block.experiment_id === undefined || block.credit_token === undefined) return null;
  const e = encodeURIComponent;
  return `https://${block.hostname}/webstudy_credit.aspx?experiment_id=${e(block.experiment_id)}&credit_token=${e(block.credit_token)}&survey_code={worker_id}`;
}

/** https anywhere; plain http only to this machine (a local test receiver), as for webhooks. */
export function redirectProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value.replace(/\{[A-Za-z0-9_.-]+\}/g, 'x'));
  } catch {
    return `"${value}" is not a URL`;
  }
  if (url.protocol === 'https:') return undefined;
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:' && (host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host)))
    return undefined;
  return 'must use https:// (plain http:// only to a loopback host such as 127.0.0.1)';
}
