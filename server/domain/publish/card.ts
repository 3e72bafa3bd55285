/**
 * The dataset card (README.md) of a published dataset: Hugging Face's front matter, then what a reader needs to
 * use the data: the splits and their sizes, each annotation scheme with its labels and how often each was
 * chosen, how many annotators, the license and how to cite it.
 */
import type { Task } from '../task.js';
import type { Bundle } from './bundle.js';
import type { DatasetMetadata } from './settings.js';

const SPLIT_MEANING: Record<string, string> = {
  annotations: 'one row per annotation (an item and one annotator)',
  gold: "one row per item: an adjudicator's decision, else the annotators' majority",
  spans: 'one row per highlighted span',
  items: 'the source items that were annotated',
};

/** A value on one line of YAML, quoted. */
const yamlText = (s: string) => JSON.stringify(s.replace(/\s+/g, ' '));

export function datasetCard(task: Task, bundle: Bundle, meta: DatasetMetadata): string {
  const name = meta.pretty_name || 'Annotated dataset';
  const front = [
    '---',
    `pretty_name: ${yamlText(name)}`,
    ...(meta.license ? [`license: ${yamlText(meta.license)}`] : []),
    ...(meta.language.length ? ['language:', ...meta.language.map((l) => `  - ${yamlText(l)}`)] : []),
    ...(meta.keywords.length ? ['tags:', ...meta.keywords.map((k) => `  - ${yamlText(k)}`)] : []),
    '---',
  ];
  const lines = [...front, '', `# ${name}`, ''];
  if (meta.description) lines.push(meta.description, '');
  lines.push(`Version ${meta.version}. Annotated by ${bundle.annotatorCount} annotator(s).`, '');
  if (meta.authors.length) {
    lines.push('## Authors', '');
    for (const a of meta.authors)
      lines.push(`- ${a.name}${a.affiliation ? ` (${a.affiliation})` : ''}${a.orcid ? `, ORCID ${a.orcid}` : ''}`);
    lines.push('');
  }
  lines.push('## Splits', '', '| split | rows | holds |', '| --- | --- | --- |');
  for (const [split, rows] of Object.entries(bundle.splits))
    lines.push(`| ${split} | ${rows.length} | ${SPLIT_MEANING[split] ?? ''} |`);
  lines.push('', 'Each split is a JSON Lines file under `data/`.', '', '## Annotation schemes', '');
  for (const scheme of task.schemes) {
    lines.push(
      `### ${scheme.name}`,
      '',
      `Type: ${scheme.annotation_type}.${scheme.description ? ` ${plain(scheme.description)}` : ''}`,
      '',
    );
    const counts = bundle.labelCounts[scheme.name] ?? {};
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    if (scheme.labels.length) {
      lines.push('| label | chosen | share |', '| --- | --- | --- |');
      for (const label of scheme.labels) {
        const n = counts[label.name] ?? 0;
        lines.push(`| ${label.name} | ${n} | ${total ? `${((n / total) * 100).toFixed(1)}%` : '–'} |`);
      }
      lines.push('');
    }
  }
  if (bundle.warnings.length) lines.push('## Limitations', '', ...bundle.warnings.map((w) => `- ${w}`), '');
  lines.push('## License', '', meta.license || 'No license was given.', '');
  if (meta.citation) lines.push('## Citation', '', '```bibtex', meta.citation, '```', '');
  return lines.join('\n');
}

/** A scheme description as text: configs may hold HTML, which a card shows as words. */
const plain = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
