/** The task's instructions banner and codebook link, as the annotate screen shows them. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { instructionsHtml } from '../../domain/display/instructions.js';

const instructions = z.lazy(() =>
  z.object({
    html: z.string().nullable().describe('annotation_instructions rendered from Markdown/HTML and sanitized'),
    codebook_url: z.string().nullable().describe('annotation_codebook_url: an http(s) URL or /api/media/<path>'),
    guidelines: z
      .array(z.object({ title: z.string(), html: z.string() }))
      .describe(
        "the study's instructions phases (content rendered from Markdown and sanitized), still readable once passed",
      ),
  }),
);

export function displayRoutes(s: Services): RouteSpec[] {
  const guidelines = s.config.phases
    .filter((p) => p.type === 'instructions' && p.content.trim())
    .map((p) => ({ title: p.title, html: instructionsHtml(p.content) }));
  const value = { ...(s.config.instructions ?? { html: null, codebook_url: null }), guidelines };
  return [
    route({
      method: 'GET',
      path: '/api/instructions',
      summary: "The task's instructions (sanitized HTML) and codebook link",
      access: 'user',
      response: instructions,
      handle: () => value,
    }),
  ];
}
