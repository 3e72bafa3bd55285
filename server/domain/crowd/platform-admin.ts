/**
 * A lab's study on the crowd platform managed from the admin side (Potato's `/admin/api/crowd/…`): the study's
 * state and its lifecycle, submissions to approve or reject, bonuses, and the project's annotators made into a
 * participant group on the platform. Prolific's API is the one spoken, over a transport the io layer gives
 * (`server/io/crowd-platform-http.ts`), so the platform's base URL and token come from the config and nothing
 * here knows HTTP. Every refusal that does not need the platform (no token, an unknown action, a bad body) is
 * made before it is called.
 */
import { invalid } from '../errors.js';

export interface PlatformSettings {
  /** the platform whose API is spoken: Prolific's */
  provider: 'prolific';
  /** null: not configured, and every call that needs the platform is a 400 saying so */
  token: string | null;
  studyId: string | null;
  /** `https://api.prolific.com/api/v1` unless the config names another (a proxy, or a test's fake) */
  baseUrl: string;
}

export const PROLIFIC_API = 'https://api.prolific.com/api/v1';

/** One call to the platform; resolves with its JSON, throws upstream errors (502/504) for failures. */
export type PlatformCall = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<unknown>;

export const STUDY_ACTIONS = ['publish', 'pause', 'start', 'stop'] as const;
export const SYNC_SOURCES = ['annotated', 'blocked'] as const;
type SyncSource = (typeof SYNC_SOURCES)[number];
/** Prolific's minimum for a rejection's message */
export const REJECT_MESSAGE_MIN = 100;
/** fields of Prolific's retired study model, refused with the field that replaced them */
const RETIRED_FIELDS: Record<string, string> = {
  completion_code: 'completion_codes (an array with code_type, actor and actions)',
  failed_attention_code: 'completion_codes',
  eligibility_requirements: 'filters or filter_set_id',
};

export interface CrowdPeople {
  /** workers who came from the platform's link and annotated at least one item */
  annotated(): string[];
  /** workers the quality checks blocked */
  blocked(): string[];
}

const NO_TOKEN =
  'no Prolific API token configured (prolific.token, crowdsourcing.prolific.token, or token in the file prolific.config_file_path names)';
const enc = encodeURIComponent;

export class CrowdPlatformAdmin {
  constructor(
    readonly settings: PlatformSettings,
    private readonly call: PlatformCall | null,
    private readonly people: CrowdPeople,
    /** how workers sign in (login.type: url_direct, prolific, standard) and the platform they come from */
    private readonly login: { login: string; provider: string | null },
  ) {}

  status() {
    return {
      provider: this.login.login,
      platform: this.login.provider,
      api_configured: this.settings.token !== null,
      study_id: this.settings.studyId,
      api_base_url: this.settings.baseUrl,
      annotated_workers: this.people.annotated().length,
      blocked_workers: this.people.blocked().length,
    };
  }

  async study(studyId?: string): Promise<unknown> {
    return this.api()('GET', `/studies/${enc(this.studyOf(studyId))}/`);
  }

  /** Creates a draft study from Prolific's current study model. */
  async createStudy(spec: Record<string, unknown>): Promise<unknown> {
    if (!Object.keys(spec).length) throw invalid('body: the study spec is missing (Prolific’s study fields)');
    for (const [field, instead] of Object.entries(RETIRED_FIELDS))
      if (field in spec) throw invalid(`${field}: Prolific no longer takes it; use ${instead}`);
    return this.api()('POST', '/studies/', spec);
  }

  /** publish, pause, start or stop; `places` grows the study (Prolific never lets places shrink). */
  async transition(studyId: string, action: string, places?: number): Promise<unknown> {
    const api = this.api();
    if (action === 'places') {
      if (places === undefined) throw invalid('total_available_places: a whole number ≥ 1 is needed');
      return api('POST', `/studies/${enc(studyId)}/`, { total_available_places: places });
    }
    return api('POST', `/studies/${enc(studyId)}/transition/`, { action: action.toUpperCase() });
  }

  async submissions(studyId?: string): Promise<unknown> {
    return this.api()('GET', `/studies/${enc(this.studyOf(studyId))}/submissions/`);
  }

  async approve(submissionId: string): Promise<unknown> {
    return this.api()('POST', `/submissions/${enc(submissionId)}/transition/`, { action: 'APPROVE' });
  }

  async reject(submissionId: string, message: string, category: string): Promise<unknown> {
    const api = this.api();
    if (message.trim().length < REJECT_MESSAGE_MIN)
      throw invalid(`message: Prolific needs at least ${REJECT_MESSAGE_MIN} characters to reject a submission`);
    return api('POST', `/submissions/${enc(submissionId)}/transition/`, {
      action: 'REJECT',
      message,
      rejection_category: category,
    });
  }

  /** Sets bonuses up ([participant, amount] pairs) and, with `pay`, pays them. */
  async bonus(studyId: string, bonuses: [string, number][], pay: boolean) {
    const api = this.api();
    const csv = bonuses.map(([who, amount]) => `${who},${amount.toFixed(2)}`).join('\n');
    const setup = (await api('POST', '/submissions/bonus-payments/', { study_id: studyId, csv_bonuses: csv })) as {
      id?: unknown;
    } | null;
    if (!pay) return { setup, paid: false };
    const id = setup && typeof setup.id === 'string' ? setup.id : null;
    if (!id) throw invalid('the platform set the bonuses up without an id, so they were not paid');
    return { setup, paid: true, payment: await api('POST', `/bulk-bonus-payments/${enc(id)}/pay/`) };
  }

  /** The project's annotators (or its blocked workers) as a participant group on the platform. */
  async qualificationSync(input: { source: SyncSource; project_id?: string; group_name?: string; group_id?: string }) {
    const ids = input.source === 'annotated' ? this.people.annotated() : this.people.blocked();
    const api = this.api();
    if (input.group_id) {
      const result = await api('POST', `/participant-groups/${enc(input.group_id)}/participants/`, {
        participant_ids: ids,
      });
      return { group_id: input.group_id, n_participants: ids.length, result };
    }
    if (!input.project_id || !input.group_name)
      throw invalid('project_id: project_id and group_name are needed to make a group (or group_id to add to one)');
    const result = (await api('POST', '/participant-groups/', {
      project_id: input.project_id,
      name: input.group_name,
      participant_ids: ids,
    })) as { id?: unknown } | null;
    return { group_id: typeof result?.id === 'string' ? result.id : null, n_participants: ids.length, result };
  }

  private api(): PlatformCall {
    if (!this.call || this.settings.token === null) throw invalid(NO_TOKEN);
    return this.call;
  }

  private studyOf(given?: string): string {
    const id = given ?? this.settings.studyId;
    if (!id) throw invalid('study_id: no study named and none configured (prolific.study_id)');
    return id;
  }
}
