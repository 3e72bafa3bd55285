/**
 * Potato's web agent recorder: an annotator browses a site while their page records each step (a click, typing,
 * a scroll, with its target and coordinates) and a screenshot per step; ending the session keeps the whole as a
 * trace. Sessions belong to the annotator who started them: another annotator's session id is answered as if it
 * did not exist. Each step and screenshot is its own row, so saving one never rewrites the ones before it; the
 * counts and sizes are bounded because any signed-in annotator may record.
 */
import { invalid, notFound, DomainError } from '../errors.js';
import type { Clock, Store } from '../ports.js';

const MAX_STEPS = 2000;
const MAX_OPEN_SESSIONS = 20;
/** decoded bytes of one screenshot */
const MAX_SCREENSHOT = 1_500_000;

interface RecordingSession {
  session_id: string;
  username: string;
  url: string;
  instance_id?: string;
  started_at: number;
  step_count: number;
  ended_at?: number;
  task_description?: string;
}

interface Screenshot {
  type: 'image/png' | 'image/jpeg' | 'image/webp';
  base64: string;
}

declare module '../ports.js' {
  interface Tables {
    /** session id → a web agent recording's header */
    web_agent_sessions: RecordingSession;
    /** `<session id>\u0001<step index>` → the step as the page sent it */
    web_agent_steps: Record<string, unknown>;
    /** `<session id>\u0001<step index>` → the step's screenshot */
    web_agent_screenshots: Screenshot;
  }
}

const rowKey = (sessionId: string, index: number) => `${sessionId}\u0001${index}`;

/** The image type its first bytes say, or undefined for anything that is not a PNG, JPEG or WebP. */
function imageType(bytes: Buffer): Screenshot['type'] | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return undefined;
}

export class WebAgentRecordings {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly newId: () => string,
  ) {}

  /** The caller's session, or 404 for an id that is unknown or someone else's. */
  private own(username: string, sessionId: string): RecordingSession {
    const session = this.store.get('web_agent_sessions', sessionId);
    if (!session || session.username !== username) throw notFound(`session_id: no recording session "${sessionId}"`);
    return session;
  }

  private open(username: string, sessionId: string): RecordingSession {
    const session = this.own(username, sessionId);
    if (session.ended_at !== undefined) throw invalid(`session_id: the recording session "${sessionId}" has ended`);
    return session;
  }

  async start(username: string, url: string, instanceId: string | undefined) {
    let open = 0;
    for (const s of this.store.entries('web_agent_sessions'))
      if (s[1].username === username && s[1].ended_at === undefined) open++;
    if (open >= MAX_OPEN_SESSIONS)
      throw new DomainError('too_many', `you have ${open} recording sessions open; end one before starting another`);
    const session: RecordingSession = {
      session_id: this.newId(),
      username,
      url,
      ...(instanceId !== undefined && { instance_id: instanceId }),
      started_at: this.clock.now(),
      step_count: 0,
    };
    await this.store.write([{ table: 'web_agent_sessions', key: session.session_id, value: session }]);
    return { session_id: session.session_id, status: 'recording' as const };
  }

  async saveStep(username: string, sessionId: string, step: Record<string, unknown>) {
    const session = this.open(username, sessionId);
    if (session.step_count >= MAX_STEPS) throw invalid(`step: a recording holds at most ${MAX_STEPS} steps`);
    const next = { ...session, step_count: session.step_count + 1 };
    await this.store.write([
      { table: 'web_agent_steps', key: rowKey(sessionId, session.step_count), value: step },
      { table: 'web_agent_sessions', key: sessionId, value: next },
    ]);
    return { status: 'ok' as const, step_count: next.step_count };
  }

  async saveScreenshot(username: string, sessionId: string, stepIndex: number, base64: string) {
    this.open(username, sessionId);
    if (stepIndex > MAX_STEPS) throw invalid(`step_index: at most ${MAX_STEPS}`);
    const data = base64.replace(/^data:image\/[a-z]+;base64,/, '');
    const bytes = Buffer.from(data, 'base64');
    if (bytes.length > MAX_SCREENSHOT)
      throw new DomainError('too_large', `screenshot_data: a screenshot may be at most ${MAX_SCREENSHOT} bytes`);
    const type = imageType(bytes);
    if (!type) throw invalid('screenshot_data: must be a base64 PNG, JPEG or WebP image');
    await this.store.write([
      {
        table: 'web_agent_screenshots',
        key: rowKey(sessionId, stepIndex),
        value: { type, base64: bytes.toString('base64') },
      },
    ]);
    return {
      status: 'ok' as const,
      screenshot_url: `/api/web_agent/screenshot/${encodeURIComponent(sessionId)}/${stepIndex}`,
    };
  }

  screenshot(username: string, sessionId: string, stepIndex: number): { type: string; bytes: Buffer } {
    this.own(username, sessionId);
    const shot = this.store.get('web_agent_screenshots', rowKey(sessionId, stepIndex));
    if (!shot) throw notFound(`step_index: no screenshot for step ${stepIndex}`);
    return { type: shot.type, bytes: Buffer.from(shot.base64, 'base64') };
  }

  async end(username: string, sessionId: string, taskDescription: string | undefined) {
    const session = this.open(username, sessionId);
    const ended = {
      ...session,
      ended_at: this.clock.now(),
      ...(taskDescription !== undefined && { task_description: taskDescription }),
    };
    await this.store.write([{ table: 'web_agent_sessions', key: sessionId, value: ended }]);
    return {
      status: 'saved' as const,
      step_count: ended.step_count,
      trace_path: `/api/web_agent/trace/${encodeURIComponent(sessionId)}`,
    };
  }

  /** The recording as a trace: Potato's trace file's fields, the steps in order with their screenshots' URLs. */
  trace(username: string, sessionId: string) {
    const s = this.own(username, sessionId);
    const steps = [];
    for (let i = 0; i < s.step_count; i++) {
      const step = this.store.get('web_agent_steps', rowKey(sessionId, i)) ?? {};
      const shot = this.store.get('web_agent_screenshots', rowKey(sessionId, i)) !== undefined;
      steps.push({
        ...step,
        step_index: i,
        ...(shot && { screenshot_url: `/api/web_agent/screenshot/${encodeURIComponent(sessionId)}/${i}` }),
      });
    }
    return {
      id: `recording_${sessionId}`,
      session_id: sessionId,
      annotator: s.username,
      site: s.url,
      task_description: s.task_description ?? '',
      instance_id: s.instance_id ?? null,
      started_at: new Date(s.started_at).toISOString(),
      ended_at: s.ended_at === undefined ? null : new Date(s.ended_at).toISOString(),
      status: s.ended_at === undefined ? ('recording' as const) : ('saved' as const),
      steps,
    };
  }
}
