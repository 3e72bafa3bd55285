/**
 * What the annotator's page needs to know about the study: how workers sign in, the page options Potato's
 * configs set (task_description, hide_navbar, jumping_to_id_disabled, whether memos are on), and at the end of a
 * worker's list the completion code and where to take it. Also Potato's form post to /annotate (its Previous/Next
 * buttons).
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { DomainError, forbidden, invalid } from '../../domain/errors.js';
import { sessionUser } from '../guards.js';
import { route, type RouteSpec } from '../route.js';
import { currentInstance } from './current-instance.js';
import { answerPage, PHASE_PAGE_ID, submitPhasePage } from './potato-phase-pages.js';
import { pageSent, phaseView } from './phases.js';

const completion = z.lazy(() =>
  z.object({
    completion_code: z.string().nullable(),
    message: z.string().nullable(),
    platform: z.string(),
    redirect_url: z.string().nullable(),
    auto_redirect: z.boolean(),
    redirect_delay_ms: z.number(),
  }),
);

const study = z.lazy(() =>
  z.object({
    login: z.enum(['url_direct', 'password']),
    url_argument: z.string().nullable(),
    platform: z.string().nullable(),
    task_description: z.string().nullable(),
    hide_navbar: z.boolean(),
    jumping_to_id_disabled: z.boolean(),
    memos: z.boolean().describe('memos are on (annotation_ui.memos): without them every memo endpoint answers 503'),
    rooms: z.boolean().describe('rooms are on (rooms.enabled): the page links to its lobby at #/rooms'),
    sessions: z
      .object({ schemes: z.array(z.string()) })
      .nullable()
      .describe(
        'sessions are on: these schemes are asked once per session on #/sessions, and the annotate page says so',
      ),
    codebook: z
      .boolean()
      .describe(
        'the project keeps a codebook (a scheme marked codebook: true, or qda_mode): the annotate page lists it',
      ),
    truth_serum: z
      .object({ schema: z.string(), question: z.string() })
      .nullable()
      .describe('truth serum is on: after a label on this scheme the annotate page asks the question'),
    boundary_probing: z
      .object({ schema: z.string(), debounce_ms: z.number() })
      .nullable()
      .describe(
        'boundary probing is on: debounce_ms after a label is chosen on this scheme the annotate page shows its probes',
      ),
    thinkaloud: z
      .object({
        schema: z.string(),
        labels: z.array(z.string()),
        chunk_seconds: z.number(),
        require_spoken_label: z
          .boolean()
          .describe('Submit and Next are held once, with the phrasing shown, while recording and no label is chosen'),
      })
      .nullable()
      .describe('think-aloud is on: the annotate page shows the record button, and a label said aloud selects it'),
    finished: z.boolean(),
    completion: completion.nullable(),
    crowd: z.record(z.string(), z.string()).nullable(),
    ui: z
      .object({
        lang: z.string(),
        dir: z.enum(['ltr', 'rtl']),
        text: z.record(z.string(), z.string()),
      })
      .describe("the page's words in the project's language (Potato's ui_language), its lang and direction"),
  }),
);

const annotateForm = z.lazy(() =>
  z
    .object({
      action: z.enum(['next_instance', 'prev_instance', 'jump_to_unannotated', 'go_to', 'init']).default('init'),
      go_to: z.string().min(1).max(256).optional(),
      instance_id: z.string().max(256).optional(),
    })
    .loose(),
);

export function studyRoutes(s: Services): RouteSpec[] {
  /** Whether the annotator is at the end: every instance of their list answered, and no phase left after it. */
  const finished = async (username: string): Promise<boolean> => {
    const list = await s.annotations.listOf(username);
    const real = list.filter((id) => s.annotations.isTaskInstance(id));
    if (!real.length || real.some((id) => !s.annotations.get(username, id))) return false;
    if (!s.config.phases.length) return true;
    const phase = await s.phases.current(username);
    return phase.type === 'done' || (phase.type === 'annotation' && phase.next_phase === 'done');
  };
  /**
   * Whether Potato's Back leaves the phase: from a phase page, or from the first instance of the list, when the
   * project allows going back across phases (otherwise Back at the first instance stays there).
   */
  const backAcrossPhases = async (username: string, onPhasePage: boolean): Promise<boolean> => {
    if (!s.config.phaseOptions.backNavigation) return false;
    // from a phase page Back always means the phase before, refused with its reason where there is none
    if (onPhasePage) return true;
    if (!(await s.phases.current(username)).can_go_back) return false;
    return (await s.annotations.current(username)).current_index === 0;
  };
  return [
    route({
      method: 'GET',
      path: '/api/study',
      summary:
        'How annotators sign in, the page options, and at the end of the list the completion code and where to take it',
      access: 'public',
      response: study,
      async handle({ ctx }) {
        const username = sessionUser(ctx);
        const done = username ? await finished(username).catch(() => false) : false;
        const show =
          done &&
          (s.crowd.settings.completion.code !== null ||
            s.crowd.settings.completion.redirectUrl !== null ||
            s.crowd.settings.completion.message !== null ||
            s.crowd.enabled);
        return {
          login: s.crowd.enabled ? ('url_direct' as const) : ('password' as const),
          url_argument: s.crowd.settings.loginArgument,
          platform: s.crowd.enabled ? s.crowd.settings.platformLabel : null,
          task_description: s.crowd.settings.taskDescription,
          hide_navbar: s.crowd.settings.hideNavbar,
          jumping_to_id_disabled: s.crowd.settings.jumpingDisabled,
          memos: s.memos.settings.enabled,
          rooms: s.rooms.settings.enabled,
          sessions: s.sessions.settings.enabled
            ? { schemes: s.sessions.settings.schemes.map((scheme) => scheme.name) }
            : null,
          codebook: s.codebook.inUse(),
          truth_serum: s.truthSerum.settings.enabled
            ? { schema: s.truthSerum.settings.schema, question: s.truthSerum.settings.question }
            : null,
          boundary_probing: s.boundary.settings.enabled
            ? { schema: s.boundary.settings.schema, debounce_ms: s.boundary.settings.debounceMs }
            : null,
          thinkaloud: thinkAloudView(s),
          finished: done,
          completion: show && username ? s.crowd.completion(username) : null,
          crowd: username ? (s.crowd.worker(username)?.params ?? null) : null,
          ui: s.config.uiLanguage,
        };
      },
    }),
    route({
      method: 'POST',
      path: '/annotate',
      summary:
        "Potato's navigation post (action next_instance, prev_instance, go_to with go_to): moves, then the UI (a form) or the current instance (JSON); on a phase page (or with instance_id `__phase_page__`) next_instance, or a post without an action, sends the page the caller is on, as POST /<phase> does",
      access: 'user',
      body: annotateForm,
      response: z.union([
        currentInstance,
        pageSent.describe('a phase page sent'),
        phaseView.describe('the phase gone back to (prev_instance from the first instance or a phase page)'),
      ]),
      responds: { redirect: 303 },
      async handle({ username, body, ctx }) {
        const onPhasePage = s.phases.page(username) !== null;
        if (
          (body.instance_id === PHASE_PAGE_ID && !s.task.instanceById.has(PHASE_PAGE_ID)) ||
          (onPhasePage && (body.action === 'next_instance' || body.action === 'init'))
        )
          // the Next button Potato's phase pages share, or a page's form posted here, sends the page the annotator is
          // on
          return answerPage(ctx, await submitPhasePage(s, username, body));
        if (body.action === 'prev_instance' && (await backAcrossPhases(username, onPhasePage)))
          return answerPage(ctx, await s.phases.back(username, undefined));
        if (onPhasePage && body.action === 'prev_instance')
          throw invalid('action: a phase page goes back to an earlier one only with allow_phase_back_navigation: true');
        const target =
          body.action === 'go_to' || (body.action === 'init' && body.go_to)
            ? body.go_to
              ? { go_to: body.go_to }
              : undefined
            : body.action === 'init'
              ? undefined
              : { action: body.action };
        if (target && 'go_to' in target && s.crowd.settings.jumpingDisabled && !s.adminAuth.isAdminUser(username)) {
          throw forbidden('go_to: jumping to an instance by id is disabled for this project (jumping_to_id_disabled)');
        }
        const current = target
          ? await s.annotations.goTo(username, target).catch((e: unknown) => {
              // Potato's navigation post answers an unanswered required question with 400 (our /go_to says 409)
              throw e instanceof DomainError && e.kind === 'conflict' ? invalid(e.message) : e;
            })
          : await s.annotations.current(username);
        if (ctx.is('urlencoded') && ctx.accepts('json', 'html') === 'html') {
          ctx.status = 303;
          ctx.redirect('/');
          return undefined;
        }
        return {
          ...current,
          display: s.display.of({ id: current.instance_id, text: current.text, data: current.data }),
        };
      },
    }),
  ];
}

function thinkAloudView(s: Services) {
  const t = s.thinkAloud.settings;
  if (!t.enabled) return null;
  const labels = s.config.task.schemeByName.get(t.schema)?.labels.map((l) => l.name) ?? [];
  return { schema: t.schema, labels, chunk_seconds: t.chunkSeconds, require_spoken_label: t.requireSpokenLabel };
}
