/**
 * Checks that Potato task configs run here: for every config under a folder, loads it, starts the server on a
 * temporary data folder, logs in, walks the phases before annotation as an annotator would (each page must show
 * something, every question is answered, training with its correct answers), reads the current instance (every
 * field its layout names must be on the page: check-potato-fields.ts), submits
 * an answer to every scheme at once, reads them back, and prints a pass/fail table with the reason. Environment
 * variables a config names and the environment lacks get a placeholder value (named in the reason). The configs'
 * folders are only read.
 *
 *   node --import tsx scripts/check-potato-configs.ts <folder or config file> [--json]
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { createServer, loadConfig } from '../server/index.js';
import type { Logger } from '../server/domain/ports.js';
import { UNSUPPORTED_TYPES } from '../server/domain/schemes/registry.js';
import { hiddenSchemes } from '../server/domain/display-logic/schemes.js';
import type { PhaseDefinition } from '../server/domain/phases/phases.js';
import { answerFor, phaseAnswers, structuresFor, type SpanPlace } from './check-potato-answers.js';
import { fieldsNotShown } from './check-potato-fields.js';
import { transcriptFileReader } from '../server/io/transcript-files.js';
import { mediaRoots } from '../server/config/locate.js';

/** Potato's scheme types that draw regions on media: out of scope here, reported as skipped. */
const MEDIA_REGION =
  /^(image_annotation|video_annotation|audio_annotation|bounding_box|segmentation|polygon|keypoint|spatial|depth|point_cloud|lidar|video_tracking)/;
const isMediaRegion = (type: string) =>
  MEDIA_REGION.test(type) || /media (region )?annotation/.test(UNSUPPORTED_TYPES[type] ?? '');
const PLACEHOLDER = 'check-placeholder';

const quiet: Logger = { info() {}, warn() {}, error() {} };

function configsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...configsUnder(path));
    else if (/\.ya?ml$/i.test(name)) {
      // keys may be quoted ("annotation_task_name": …), as in Potato's JSON-style configs
      const text = readFileSync(path, 'utf8');
      if (/^\s*["']?annotation_schemes["']?\s*:/m.test(text) && /^\s*["']?annotation_task_name["']?\s*:/m.test(text))
        out.push(path);
    }
  }
  return out;
}

interface Row {
  config: string;
  result: 'pass' | 'fail' | 'skip';
  reason: string;
}

async function send(
  base: string,
  cookie: string,
  method: string,
  path: string,
  body?: unknown,
  form?: Record<string, string>,
) {
  const headers: Record<string, string> = { cookie };
  let payload: string | undefined;
  if (form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(form).toString();
  } else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const r = await fetch(base + path, { method, headers, body: payload });
  const text = await r.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: r.status, json, text, setCookie: r.headers.getSetCookie() };
}

/** Loads a config, giving each environment variable it names and the environment lacks a placeholder value. */
function loadWithPlaceholders(
  file: string,
): { project: ReturnType<typeof loadConfig>; placeholders: string[] } | { error: string } {
  const env = { ...process.env };
  const placeholders: string[] = [];
  for (;;) {
    try {
      return { project: loadConfig(file, env), placeholders };
    } catch (e) {
      const missing = /environment variable (\w+) is not set/.exec((e as Error).message)?.[1];
      if (!missing || placeholders.includes(missing)) return { error: (e as Error).message };
      env[missing] = PLACEHOLDER;
      placeholders.push(missing);
    }
  }
}

/**
 * Completes every phase before annotation as an annotator would; each page must show content or questions, and
 * content must not be a file's raw JSON. Returns the phases walked, or why the walk failed.
 */
async function walkPhases(
  base: string,
  cookie: string,
  phases: readonly PhaseDefinition[],
): Promise<string[] | string> {
  const walked: string[] = [];
  for (let step = 0; step <= phases.length; step++) {
    const page = await send(base, cookie, 'GET', '/api/phase');
    if (page.status !== 200) return `phase: ${page.status} ${page.text.slice(0, 160)}`;
    const phase = page.json;
    if (phase.type === 'annotation' || phase.type === 'done') return walked;
    if (!phase.questions.length && !String(phase.content_html ?? '').trim())
      return `phase ${phase.phase}: the page shows nothing (no content, no questions)`;
    if (/^\s*[[{]/.test(phase.content ?? '')) return `phase ${phase.phase}: the page shows its file's raw JSON`;
    const answers = phaseAnswers(
      phase.questions,
      phases.find((p) => p.name === phase.phase),
    );
    const done = await send(base, cookie, 'POST', '/api/phase/complete', { phase: phase.phase, answers });
    if (done.status !== 200 || done.json?.status === 'failed')
      return `phase ${phase.phase} complete: ${done.status} ${done.text.slice(0, 160)}`;
    walked.push(phase.phase);
  }
  return `phase: still not at annotation after ${walked.length} phases`;
}

async function check(file: string): Promise<Row> {
  const text = readFileSync(file, 'utf8');
  const config = file;
  const region = /annotation_type\s*:\s*["']?([a-z_]+)/g;
  for (const m of text.matchAll(region))
    if (isMediaRegion(m[1])) return { config, result: 'skip', reason: `media region annotation (${m[1]})` };
  const loaded = loadWithPlaceholders(file);
  if ('error' in loaded) return { config, result: 'fail', reason: `load: ${loaded.error.replace(file + ': ', '')}` };
  const { project, placeholders } = loaded;
  const envNote = placeholders.length ? `; placeholder env ${placeholders.join(', ')}` : '';
  const dataDir = mkdtempSync(join(tmpdir(), 'marginalia-check-'));
  let server;
  try {
    server = await createServer({ config: project, dataDir, logger: quiet, staticDir: null, env: {} });
    const base = await server.listen(0, '127.0.0.1');
    // under batch assignment only a group's annotators receive items: sign in as one unless users are listed
    const member = project.cohorts.groups.find((g) => g.annotators.length)?.annotators[0];
    const user = project.users[0] ?? { username: member ?? 'checker', password: 'check-pass-1' };
    const password = user.password ?? 'check-pass-1';
    let login = await send(base, '', 'POST', '/register', undefined, { username: user.username, password });
    if (login.status !== 200)
      login = await send(base, '', 'POST', '/auth', undefined, { username: user.username, password });
    if (login.status !== 200)
      return { config, result: 'fail', reason: `login: ${login.status} ${login.text.slice(0, 120)}` };
    const cookie = login.setCookie.map((c) => c.split(';')[0]).join('; ');
    const walked = await walkPhases(base, cookie, project.phases);
    if (typeof walked === 'string') return { config, result: 'fail', reason: walked };
    const phaseNote = walked.length ? `; phases ${walked.join(', ')}` : '';
    const current = await send(base, cookie, 'GET', '/api/current_instance');
    if (current.status !== 200)
      return { config, result: 'fail', reason: `current_instance: ${current.status} ${current.text.slice(0, 160)}` };
    if (!current.json.display) return { config, result: 'fail', reason: 'current_instance has no display' };
    // every field the layout names is on the page
    const instance = project.task.instanceById.get(current.json.instance_id);
    const item = instance?.data ?? {};
    const notShown = fieldsNotShown(
      project.display ?? {
        kind: 'auto',
        textKey: project.raw.item_properties.text_key,
        idKey: project.raw.item_properties.id_key,
      },
      current.json.display,
      item,
      current.json.text,
      transcriptFileReader(
        mediaRoots(project.dir, project.raw.task_dir, (project.raw as { media_directory?: unknown }).media_directory),
      ),
    );
    if (notShown.length) return { config, result: 'fail', reason: `display: not on the page: ${notShown.join(', ')}` };
    // one answer for every scheme, sent together, read back whole
    const place: SpanPlace = (scheme) => {
      const field = scheme?.target_field;
      if (!field || field === project.task.textKey || !instance) return { length: current.json.text.length };
      return { target_field: field, length: project.task.spanFields?.get(field)?.(instance)?.length ?? 0 };
    };
    // a cohort may answer only its own schemes; /api/schemas gives the user's
    const own = await send(base, cookie, 'GET', '/api/schemas');
    const schemes = project.task.schemes.filter((s) => own.json?.[s.name] !== undefined);
    const answers = schemes.map((scheme) => answerFor(scheme, place, item));
    const annotations = Object.assign({}, ...answers.map((a) => a.annotations ?? {}));
    const spans = answers.flatMap((a) => a.span_annotations ?? []);
    const structures = structuresFor(schemes, project.task.schemeByName, place, spans);
    const types = schemes.map((s) => s.annotation_type).join(', ');
    const submit = await send(base, cookie, 'POST', '/updateinstance', {
      instance_id: current.json.instance_id,
      annotations,
      span_annotations: spans,
      ...structures,
    });
    if (submit.status !== 200)
      return {
        config,
        result: 'fail',
        reason: `updateinstance (${types}): ${submit.status} ${submit.text.slice(0, 200)}`,
      };
    const back = await send(
      base,
      cookie,
      'GET',
      `/get_annotations?instance_id=${encodeURIComponent(current.json.instance_id)}`,
    );
    // conditional schemes the answers hide (display_logic) keep no answer: only the shown ones are expected back
    const labels: Record<string, Record<string, string>> = {};
    for (const [key, value] of Object.entries(annotations))
      (labels[key.slice(0, key.indexOf(':'))] ??= {})[key.slice(key.indexOf(':') + 1)] = String(value);
    const sentSpans = spans as { schema: string; name: string; start: number; end: number }[];
    const hidden = hiddenSchemes(
      project.task,
      labels,
      sentSpans.map((sp) => ({ id: '', schema: sp.schema, label: sp.name, start: sp.start, end: sp.end, value: '' })),
    );
    const kept = (schemeName: string) => !hidden.has(schemeName);
    const stored = Object.keys(annotations).every(
      (k) => (back.json?.annotations?.[k] !== undefined) === kept(k.slice(0, k.indexOf(':'))),
    );
    if (!stored || (back.json?.span_annotations ?? []).length !== sentSpans.filter((sp) => kept(sp.schema)).length)
      return { config, result: 'fail', reason: `read back: ${back.text.slice(0, 200)}` };
    for (const [field, sent] of Object.entries(structures)) {
      if ((back.json?.[field] ?? []).length !== sent.length)
        return { config, result: 'fail', reason: `read back ${field}: ${back.text.slice(0, 200)}` };
    }
    const hiddenNote = hidden.size ? `; ${hidden.size} conditional hidden` : '';
    return {
      config,
      result: 'pass',
      reason: `${types}; display ${current.json.display.source}${hiddenNote}${phaseNote}${envNote}`,
    };
  } catch (e) {
    return { config, result: 'fail', reason: `server: ${(e as Error).message}` };
  } finally {
    await server?.close().catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const folder = process.argv[2];
if (!folder) {
  console.error('usage: node --import tsx scripts/check-potato-configs.ts <folder> [--json]');
  process.exit(2);
}
const rows: Row[] = [];
const files = statSync(folder).isDirectory() ? configsUnder(folder) : [folder];
for (const file of files) rows.push({ ...(await check(file)), config: relative(folder, file) || file });
if (process.argv.includes('--json')) console.log(JSON.stringify(rows, null, 2));
else {
  const width = Math.max(...rows.map((r) => r.config.length), 6);
  console.log(`${'config'.padEnd(width)}  result  reason`);
  for (const r of rows) console.log(`${r.config.padEnd(width)}  ${r.result.padEnd(6)}  ${r.reason}`);
}
const count = (k: Row['result']) => rows.filter((r) => r.result === k).length;
(process.argv.includes('--json') ? console.error : console.log)(
  `\n${count('pass')} passed, ${count('fail')} failed, ${count('skip')} skipped (media region annotation) of ${rows.length} configs`,
);
process.exitCode = count('fail') ? 1 : 0;
