/**
 * Potato keys about what the annotator sees or how they log in that are not acted on here: each is warned about
 * at start-up with what happens instead, so none is accepted quietly. Keys that only shape Potato's own Flask
 * pages are named together in one line per reason: nearly every Potato config carries some of them.
 */
const INSTEAD: Record<string, (value: unknown) => string | undefined> = {
  // Potato records the session of a coding agent it runs while annotating; the data then holds only the tasks
  live_coding_agent: (v) =>
    v === false
      ? undefined
      : 'no coding agent is run here: each item is reviewed with the steps its data already holds, and an item without any says it has no steps yet',
  // Potato then loads its page script from a Vite dev server; our page is built with the app and loads no outside
  // script
  customjs: (v) =>
    v === false || v === ''
      ? undefined
      : "no outside script is loaded into the annotation page (Potato's potato.js from a dev server); the page is the app's own",
  customjs_hostname: () =>
    "no outside script is loaded into the annotation page, so there is no host to load Potato's potato.js from",
  // Potato's examples set a huge value to switch the alert off; a day or more is taken as off
  alert_time_each_instance: (v) =>
    Number(v) > 0 && Number(v) < 86_400 ? 'no time alert is shown while annotating' : undefined,
  horizontal_key_bindings: (v) =>
    isTrue(v) ? 'label keys follow the scheme order (1–0, then q–p), shown beside each label' : undefined,
  output_annotation_format: (v) =>
    !['json', 'jsonl', 'csv', 'conll', 'spacy'].includes(String(v).toLowerCase())
      ? `"${String(v)}" is not written; annotations are kept in the data folder and exported as jsonl, csv, conll or spacy (GET /admin/api/export)`
      : undefined,
};

function isTrue(v: unknown): boolean {
  return v === true || v === 'true' || v === 'True' || v === 'yes';
}

/** Keys read here to warn about when set to something with an effect. */
export const WARNED_KEYS = new Set(Object.keys(INSTEAD));

/** Potato's keys for its own pages and sessions, by what happens here instead; nested ones as `section.key`. */
const POTATO_PAGE_KEYS: [keys: string[], instead: string][] = [
  [
    ['server_name', 'base_html_template', 'header_file', 'site_dir', 'site_file'],
    "this app draws its own pages, not Potato's Flask ones",
  ],
  [['secret_key'], 'session cookies are signed with a key the server generates and keeps with the project'],
  [
    ['item_properties.context_key', 'item_properties.kwargs'],
    'every field of an item reaches html_layout and instance_display, and without them the fields are listed below the text',
  ],
  [['ui.spans.span_style'], "spans are drawn as highlights in their label's colour"],
];

/** The top-level and nested keys of Potato's pages (not unknown, warned about by pageKeyWarnings). */
export const PAGE_KEYS = new Set(POTATO_PAGE_KEYS.flatMap(([keys]) => keys.filter((k) => !k.includes('.'))));
export const PAGE_KEYS_NESTED = new Set(POTATO_PAGE_KEYS.flatMap(([keys]) => keys.filter((k) => k.includes('.'))));

function pageKeyWarnings(config: Record<string, unknown>): string[] {
  const given = (path: string) => {
    const value = path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], config);
    return value !== undefined && value !== null;
  };
  return POTATO_PAGE_KEYS.flatMap(([keys, instead]) => {
    const set = keys.filter(given);
    if (!set.length) return [];
    return [`${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} not acted on: ${instead}`];
  });
}

/** The warnings for the presentation keys a config sets, each naming the key and what happens instead. */
export function presentationWarnings(config: Record<string, unknown>): string[] {
  const out: string[] = [];
  for (const [key, instead] of Object.entries(INSTEAD)) {
    if (config[key] === undefined || config[key] === null) continue;
    const message = instead(config[key]);
    if (message) out.push(`${key} is not acted on: ${message}`);
  }
  return [...out, ...pageKeyWarnings(config)];
}
