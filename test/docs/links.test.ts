import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { Lexer, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The documentation a reader browses: the README and every page in docs/. */
function documentationFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name));
  return [join(root, 'README.md'), ...docs];
}

/** Every link and image target in a Markdown text, as the renderer sees them (code spans and blocks hold none). */
function linksOf(markdown: string): string[] {
  const links: string[] = [];
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      if (token.type === 'link' || token.type === 'image') links.push(token.href);
      const nested = token as {
        tokens?: Token[];
        items?: Token[];
        header?: Tokens.TableCell[];
        rows?: Tokens.TableCell[][];
      };
      if (nested.tokens) walk(nested.tokens);
      if (nested.items) walk(nested.items);
      if (nested.header) for (const cell of nested.header) walk(cell.tokens);
      if (nested.rows) for (const row of nested.rows) for (const cell of row) walk(cell.tokens);
    }
  };
  walk(new Lexer().lex(markdown));
  return links;
}

/**
 * The anchors GitHub gives a Markdown file's headings (lower-case, spaces to `-`, punctuation dropped, repeats
 * numbered).
 */
function anchorsOf(markdown: string): Set<string> {
  const slugger = new GithubSlugger();
  const anchors = new Set<string>();
  for (const token of new Lexer().lex(markdown)) {
    if (token.type === 'heading') anchors.add(slugger.slug(plainText(token.tokens ?? [])));
  }
  return anchors;
}

/** A heading's text as GitHub slugs it: the visible text, without Markdown markup. */
function plainText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      const nested = token as { tokens?: Token[]; text?: string };
      if (nested.tokens && nested.tokens.length > 0) return plainText(nested.tokens);
      return nested.text ?? '';
    })
    .join('');
}

function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//');
}

/** What is wrong with one relative link of `file`, or null when it leads somewhere that exists. */
function brokenLink(file: string, href: string): string | null {
  const hash = href.indexOf('#');
  const pathPart = decodeURIComponent(hash === -1 ? href : href.slice(0, hash));
  const anchor = hash === -1 ? null : decodeURIComponent(href.slice(hash + 1));
  const target = pathPart === '' ? file : resolve(dirname(file), pathPart);
  if (!existsSync(target)) return `${href}: ${relative(root, target)} does not exist`;
  if (anchor === null) return null;
  if (statSync(target).isDirectory() || !target.endsWith('.md'))
    return `${href}: an anchor into a file that is not Markdown`;
  if (!anchorsOf(readFileSync(target, 'utf8')).has(anchor)) {
    return `${href}: ${relative(root, target)} has no heading with the anchor #${anchor}`;
  }
  return null;
}

describe('documentation links', () => {
  const files = documentationFiles();

  it('finds the README and the docs pages', () => {
    expect(files.map((file) => relative(root, file))).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md']),
    );
  });

  for (const file of files) {
    it(`${relative(root, file)}: every relative link and #anchor leads somewhere that exists`, () => {
      const problems = linksOf(readFileSync(file, 'utf8'))
        .filter((href) => !isExternal(href))
        .map((href) => brokenLink(file, href))
        .filter((problem): problem is string => problem !== null);
      expect(problems).toEqual([]);
    });
  }
});

describe('anchors and links are read as GitHub reads them', () => {
  it('slugs headings: lower-case, spaces to -, punctuation dropped, code marks removed, repeats numbered', () => {
    const anchors = anchorsOf(
      '# Quick tour of the API (curl)\n\n## `ai_support` keys\n\n## Step 1.2: go!\n\n## Step 1.2: go!\n',
    );
    expect([...anchors]).toEqual(['quick-tour-of-the-api-curl', 'ai_support-keys', 'step-12-go', 'step-12-go-1']);
  });

  it('ignores headings and links inside code blocks', () => {
    const text = '```sh\n# not a heading\n[not](a-link.md)\n```\n\n[a](real.md) `[code](span.md)`\n';
    expect([...anchorsOf(text)]).toEqual([]);
    expect(linksOf(text)).toEqual(['real.md']);
  });

  it('finds links in lists, tables and images', () => {
    const text = '- see [x](list.md)\n\n| a | b |\n|---|---|\n| [y](table.md#h) | ![z](images/p.png) |\n';
    expect(linksOf(text)).toEqual(['list.md', 'table.md#h', 'images/p.png']);
  });
});
