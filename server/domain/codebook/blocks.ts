/**
 * The codebook's prose as typed blocks, in Potato's vocabulary: each code and each document-level section holds an
 * ordered list of blocks (a definition, when to use it, an example, ...). Pure: the vocabulary, which types carry
 * meaning (an edit to those re-flags coded items; a note does not), pasted markdown read into blocks, blocks written
 * back as markdown, and the distilled text an AI prompt would carry.
 */

interface BlockType {
  key: string;
  heading: string;
  /** headings a pasted document may use for it, compared without case or punctuation */
  aliases: string[];
  /** a change to a block of this type changes what the code means */
  semantic: boolean;
}

export const BLOCK_TYPES: readonly BlockType[] = [
  { key: 'short_def', heading: 'Short definition', aliases: ['summary', 'in brief', 'short def'], semantic: true },
  { key: 'definition', heading: 'Definition', aliases: ['meaning', 'description'], semantic: true },
  {
    key: 'use_when',
    heading: 'Use when',
    aliases: ['inclusion', 'inclusion criteria', 'include', 'apply when'],
    semantic: true,
  },
  {
    key: 'avoid_when',
    heading: 'Avoid when',
    aliases: ['exclusion', 'exclusion criteria', 'exclude', 'do not use when'],
    semantic: true,
  },
  {
    key: 'example',
    heading: 'Example',
    aliases: ['examples', 'positive example', 'positive examples'],
    semantic: false,
  },
  {
    key: 'counter_example',
    heading: 'Counter-example',
    aliases: [
      'counter examples',
      'counterexample',
      'counterexamples',
      'negative example',
      'negative examples',
      'near miss',
    ],
    semantic: false,
  },
  { key: 'rationale', heading: 'Rationale', aliases: ['why', 'reasoning'], semantic: false },
  { key: 'notes', heading: 'Notes', aliases: ['note', 'annotator notes'], semantic: false },
  { key: 'keywords', heading: 'Keywords', aliases: ['cues', 'triggers', 'flags'], semantic: false },
  { key: 'background', heading: 'Background', aliases: ['context'], semantic: false },
  {
    key: 'downstream_usage',
    heading: 'Downstream usage',
    aliases: ['how codes are used downstream', 'usage'],
    semantic: false,
  },
  { key: 'custom', heading: 'Note', aliases: [], semantic: false },
];

export const BLOCK_TYPE_KEYS = BLOCK_TYPES.map((t) => t.key) as [string, ...string[]];

/** The document-level sections beside the codes' own prose. */
export const DOC_SECTIONS = ['preamble', 'general_instructions', 'background', 'downstream_usage'] as const;

export interface Block {
  block_type: string;
  body_md: string;
  /** the heading a `custom` block shows */
  custom_label: string | null;
}

export interface ParsedBlock extends Block {
  /** false when the heading matched no type: the author picks one before saving */
  classified: boolean;
}

const typeByKey = new Map(BLOCK_TYPES.map((t) => [t.key, t]));
const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
const typeByHeading = new Map<string, string>();
for (const t of BLOCK_TYPES) {
  if (t.key === 'custom') continue;
  for (const name of [t.key, t.heading, ...t.aliases]) typeByHeading.set(norm(name), t.key);
}

const isSemanticType = (key: string) => typeByKey.get(key)?.semantic === true;

/**
 * Whether replacing `before` with `after` changes meaning: the meaning-bearing blocks differ, in order or text
 * (whitespace at the ends aside).
 */
export function isSemanticChange(before: readonly Block[], after: readonly Block[]): boolean {
  const meaning = (blocks: readonly Block[]) =>
    JSON.stringify(blocks.filter((b) => isSemanticType(b.block_type)).map((b) => [b.block_type, b.body_md.trim()]));
  return meaning(before) !== meaning(after);
}

/**
 * Reads pasted markdown into blocks: each heading (any level) starts a block whose type its text names; a
 * heading naming no type makes a `custom` block under that label, flagged unclassified, as is text before the
 * first heading.
 */
export function parseMarkdown(markdown: string): ParsedBlock[] {
  const out: ParsedBlock[] = [];
  let current: ParsedBlock | null = null;
  let lines: string[] = [];
  const close = () => {
    const body = lines.join('\n').trim();
    if (current) out.push({ ...current, body_md: body });
    else if (body) out.push({ block_type: 'custom', custom_label: null, body_md: body, classified: false });
    lines = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) {
      lines.push(line);
      continue;
    }
    close();
    const label = heading[1].trim();
    const key = typeByHeading.get(norm(label.replace(/:$/, '')));
    current = key
      ? { block_type: key, custom_label: null, body_md: '', classified: true }
      : { block_type: 'custom', custom_label: label, body_md: '', classified: false };
  }
  close();
  return out;
}

const headingOf = (b: Block) =>
  b.block_type === 'custom' ? b.custom_label || 'Note' : (typeByKey.get(b.block_type)?.heading ?? b.block_type);

/** The blocks as one markdown text, each under its heading. */
export function blocksToMarkdown(blocks: readonly Block[], level = 3): string {
  const hashes = '#'.repeat(level);
  return blocks.map((b) => `${hashes} ${headingOf(b)}\n\n${b.body_md.trim()}\n`).join('\n');
}

/** The block types distilled into the prompt text unless the config names others. */
export const DEFAULT_DISTILLED_TYPES = [
  'short_def',
  'definition',
  'use_when',
  'avoid_when',
  'example',
  'counter_example',
];

/**
 * The codebook flattened for a prompt (Potato's `concat` procedure): the document sections, then each code under
 * its name with the chosen block types.
 */
export function distill(
  sections: readonly { section: string; blocks: readonly Block[] }[],
  codes: readonly { name: string; blocks: readonly Block[] }[],
  types: readonly string[],
): string {
  const keep = new Set(types);
  const parts: string[] = [];
  const body = (blocks: readonly Block[]) =>
    blocks
      .filter((b) => keep.has(b.block_type) && b.body_md.trim())
      .map((b) => `${headingOf(b)}: ${b.body_md.trim()}`)
      .join('\n');
  for (const s of sections) {
    const text = s.blocks
      .map((b) => b.body_md.trim())
      .filter(Boolean)
      .join('\n\n');
    if (text) parts.push(text);
  }
  for (const c of codes) {
    const text = body(c.blocks);
    parts.push(text ? `### ${c.name}\n${text}` : `### ${c.name}`);
  }
  return parts.join('\n\n');
}
