/**
 * Potato's phase-page protocol, translated into the phase service's calls: its consent, instructions, training
 * and survey pages save their answers as they go through `/updateinstance` with the instance id
 * `__phase_page__`, then post a form to `/consent`, `/instructions`, `/training`, `/prestudy` or `/poststudy`
 * (or its shared Next button posts `/annotate` with that instance id) to move on. Answers are keyed as on an
 * instance (`<question>:<label>`, `<question>:::<label>`, or the question's name holding the whole answer); on a
 * training page a key names the scheme, and means the question about the training item the page is on.
 */
import { z } from 'zod';
import type { Context } from 'koa';
import type { Services } from '../../compose.js';
import { DomainError, invalid } from '../../domain/errors.js';
import type { Answers, PhaseType, Question } from '../../domain/phases/phases.js';
import type { PhasePage } from '../../domain/phases/phase-service.js';
import type { Submission } from '../../domain/annotation/records.js';
import { parseInput, route, type RouteSpec } from '../route.js';
import { type PotatoState, unpackForm } from './potato-submission.js';
import { pageSent } from './phases.js';

/** The instance id Potato's phase pages save under. */
export const PHASE_PAGE_ID = '__phase_page__';

/** The phase pages Potato posts to, by the type of phase each moves on from. */
const PAGE_TYPES: PhaseType[] = ['consent', 'instructions', 'training', 'prestudy', 'poststudy'];

/** Fields of a page's form that are not answers. */
const META = new Set([
  'instance_id',
  'type',
  'schema',
  'action',
  'src',
  'client_timestamp',
  'request_id',
  'phase',
  'span_annotations',
  'link_annotations',
  'event_annotations',
]);

type Entry = { key: string; question: string; label: string | undefined; value: unknown; field: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A choice unticked or a field emptied, as Potato's pages send them. */
const unticked = (v: unknown) =>
  v === null || v === undefined || v === false || v === '' || v === 'false' || v === 'False' || v === 'off';

function questionFor(page: PhasePage, name: string): Question | undefined {
  return (
    page.questions.find((q) => q.id === name) ??
    page.questions.find((q) => q.item !== undefined && q.id === `${q.item}:${name}`)
  );
}

/** Splits Potato's answer keys and finds the page's question each one answers; an unknown one is refused. */
function entriesOf(page: PhasePage, given: Record<string, unknown>, field: (key: string) => string): Entry[] {
  return Object.entries(given).map(([key, value]) => {
    const cut = key.includes(':::') ? key.indexOf(':::') : key.indexOf(':');
    const name = cut < 0 ? key : key.slice(0, cut);
    const label = cut < 0 ? undefined : key.slice(cut + (key.includes(':::') ? 3 : 1));
    const q = questionFor(page, name);
    if (!q) {
      const on = page.items > 1 ? ` (training item ${page.item + 1} of ${page.items})` : '';
      throw invalid(`${field(key)}: the ${page.phase.name} page${on} has no question "${name}"`);
    }
    return {
      key,
      question: q.id,
      label: label === q.id || label === name ? undefined : label,
      value,
      field: field(key),
    };
  });
}

/**
 * The page's answers once the entries are applied. `replace`: the entries are everything the page holds now
 * (Potato's `annotations` autosave), so the page's questions they leave out lose their answers; otherwise (its
 * `state` entries, one input at a time, or the fields posted with the page) they change only what they name.
 */
function applyEntries(page: PhasePage, entries: Entry[], replace: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = { ...page.answers };
  if (replace) for (const q of page.questions) delete out[q.id];
  const byId = new Map(page.questions.map((q) => [q.id, q]));
  for (const e of entries) {
    const q = byId.get(e.question)!;
    const choice = q.type === 'radio' || q.type === 'multiselect';
    if (!choice || e.label === undefined) {
      // the question's whole answer: a text, a number, the option chosen or (a multiselect) the options
      if (unticked(e.value) || (Array.isArray(e.value) && !e.value.length)) delete out[q.id];
      else out[q.id] = e.value;
      continue;
    }
    const held = out[q.id] === undefined ? [] : Array.isArray(out[q.id]) ? (out[q.id] as unknown[]) : [out[q.id]];
    let now = held.filter((v) => String(v) !== e.label);
    if (!unticked(e.value) || String(e.value) === e.label) now = q.type === 'radio' ? [e.label] : [...now, e.label];
    if (!now.length) delete out[q.id];
    else out[q.id] = q.type === 'radio' ? now[0] : now;
  }
  return out;
}

/** A refusal of `answers.<question>` named as the client sent it. */
function asSent(entries: Entry[], e: unknown): unknown {
  if (!(e instanceof DomainError)) return e;
  const m = /^answers\.(.+?): (.*)$/s.exec(e.message);
  const sent = m && [...entries].reverse().find((x) => x.question === m[1]);
  return sent ? new DomainError(e.kind, `${sent.field}: ${m[2]}`) : e;
}

function pageOf(s: Services, username: string): PhasePage {
  const page = s.phases.page(username);
  if (!page)
    throw invalid(
      `instance_id: ${PHASE_PAGE_ID} is a phase page, and you are in the ${s.phases.typeOf(username)} phase`,
    );
  return page;
}

/** `/updateinstance` for `__phase_page__`: keeps the answers on the page the annotator is on. */
export async function savePhasePage(s: Services, username: string, body: Submission | PotatoState) {
  const started = performance.now();
  const page = s.phases.page(username);
  // Potato's page saves once more as the last survey page gives way to annotation; it is acknowledged, not kept
  if (!page) return { status: 'success', processing_time_ms: 0, saved: false, phase: s.phases.typeOf(username) };
  let entries: Entry[];
  let replace: boolean;
  if ('state' in body) {
    if (!questionFor(page, body.schema))
      throw invalid(`schema: the ${page.phase.name} page has no question "${body.schema}"`);
    entries = body.state.flatMap((x, n) =>
      entriesOf(page, { [`${body.schema}:${x.name}`]: x.value }, () => `state[${n}].value`),
    );
    replace = false;
  } else {
    if (body.span_annotations?.length) throw invalid('span_annotations: a phase page takes no spans');
    entries = entriesOf(page, body.annotations ?? {}, (key) => `annotations["${key}"]`);
    replace = true;
  }
  const answers = applyEntries(page, entries, replace);
  const saved = await s.phases.savePage(username, answers).catch((e: unknown) => Promise.reject(asSent(entries, e)));
  return { status: 'success', processing_time_ms: Math.round(performance.now() - started), ...saved };
}

/**
 * The answers a page's form or JSON body carries: `annotations` (an object or JSON text), or fields named by questions.
 */
function formAnswers(raw: Record<string, unknown>): Record<string, unknown> {
  const body = unpackForm(raw);
  const out: Record<string, unknown> = isObject(body.annotations) ? { ...body.annotations } : {};
  for (const [key, value] of Object.entries(body))
    if (!META.has(key) && key !== 'annotations' && key !== 'state') out[key] = value;
  return out;
}

/**
 * Sends the page the annotator is on, with the answers saved on it and those posted with it: completes its phase,
 * or in a training walk grades the item it shows.
 */
export async function submitPhasePage(s: Services, username: string, raw: Record<string, unknown>, type?: PhaseType) {
  const page = pageOf(s, username);
  if (type && page.phase.type !== type)
    throw invalid(`phase: your current phase is "${page.phase.name}" (${page.phase.type}), not a ${type} page`);
  const given = formAnswers(raw);
  const entries = entriesOf(page, given, (key) => `annotations["${key}"]`);
  const answers: Answers | Record<string, unknown> = entries.length ? applyEntries(page, entries, false) : page.answers;
  const sent =
    page.phase.type === 'training'
      ? s.phases.trainingStep(username, page.phase.name, answers)
      : // posting Potato's consent page is consenting; a consent page with questions still needs their answers
        s.phases.complete(
          username,
          page.phase.name,
          page.phase.type === 'consent' ? { ...answers, agree: true } : answers,
        );
  return sent.catch((e: unknown) => Promise.reject(asSent(entries, e)));
}

/** A form a browser posted is sent back to the UI; a script gets the JSON answer. */
export function answerPage<T>(ctx: Context, result: T): T | undefined {
  if (ctx.is('urlencoded') && ctx.accepts('json', 'html') === 'html') {
    ctx.status = 303;
    ctx.redirect('/');
    return undefined;
  }
  return result;
}

const pageForm = z.lazy(() =>
  z
    .record(z.string().max(512), z.unknown())
    .describe(
      "the page's answers: `<question>:<label>` fields (or `<question>:::<label>`, or a question's name holding its answer), or `annotations` as JSON; answers saved on the page through /updateinstance (instance `__phase_page__`) count too",
    ),
);

export function potatoPhasePageRoutes(s: Services): RouteSpec[] {
  return PAGE_TYPES.map((type) =>
    route({
      method: 'POST',
      path: `/${type}`,
      summary: `Potato's ${type} page sent: ${
        type === 'training'
          ? 'grades the training item the page shows and moves on (completing the phase once enough are right)'
          : 'completes the current phase as POST /api/phase/complete does'
      }; a browser's form is sent back to the UI`,
      access: 'user',
      body: pageForm,
      parseBody: (raw) => (raw === undefined || raw === null ? {} : parseInput(pageForm, raw, 'body')),
      response: pageSent,
      responds: { redirect: 303 },
      async handle({ username, body, ctx }) {
        return answerPage(ctx, await submitPhasePage(s, username, body, type));
      },
    }),
  );
}
