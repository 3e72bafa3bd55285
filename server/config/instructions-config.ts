/** Reads the instructions an annotator is shown beside the items, and the codebook they may open. */
import { existsSync, readFileSync } from 'node:fs';
import { codebookUrl, instructionsHtml, type Instructions } from '../domain/display/instructions.js';
import { DisplayConfigError } from './display-config.js';

/** Top-level keys this module acts on. */
export const INSTRUCTION_KEYS = ['annotation_instructions', 'annotation_codebook_url'];

/** `annotation_instructions` (Markdown or HTML, inline or a file) and `annotation_codebook_url`. */
export function readInstructions(config: Record<string, unknown>, locate: (name: string) => string): Instructions {
  const out: Instructions = { html: null, codebook_url: null };
  const source = config.annotation_instructions;
  if (source !== undefined && source !== null) {
    if (typeof source !== 'string')
      throw new DisplayConfigError(
        'annotation_instructions: expected Markdown or HTML text, or the name of a file holding it',
      );
    let text = source;
    if (!source.includes('\n') && /\.(md|markdown|html?|txt)$/i.test(source.trim())) {
      const file = locate(source.trim());
      if (!existsSync(file)) throw new DisplayConfigError(`annotation_instructions: file ${file} not found`);
      text = readFileSync(file, 'utf8');
    }
    out.html = instructionsHtml(text);
  }
  const url = config.annotation_codebook_url;
  if (url !== undefined && url !== null && url !== '') {
    const link = typeof url === 'string' ? codebookUrl(url) : undefined;
    if (!link)
      throw new DisplayConfigError(
        `annotation_codebook_url: "${String(url)}" is neither an http(s) URL nor a path inside the task folder`,
      );
    out.codebook_url = link;
  }
  return out;
}
