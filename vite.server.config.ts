/**
 * Builds the server and its command-line tools (`npm run build` → dist/server): one file per command plus the
 * chunks they share. A start loads a few files instead of the ~500 modules the sources are cut into, which at this
 * size was most of a start's time. For the same reason the plain-JavaScript packages every start imports are
 * bundled in (zod alone is dozens of ES modules for Node to find, read and link); the others stay in node_modules,
 * most of them loaded at their first use (pg, sanitize-html, sql.js with its WebAssembly file).
 */
import { defineConfig } from 'vite';

/** The packages every start imports, bundled in (the desktop shell's build bundles the same). */
export const BUNDLED = [
  'zod',
  'koa',
  '@koa/router',
  'yaml',
  'marked',
  'csv-parse',
  'csv-stringify',
  'lowdb',
  'fastest-levenshtein',
  'munkres',
];

const commands = ['cli', 'export-cli', 'import-cli', 'migrate-store-cli', 'repair-cli'];

export default defineConfig({
  ssr: { noExternal: BUNDLED },
  build: {
    ssr: true,
    outDir: 'dist/server',
    target: 'node20',
    minify: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: Object.fromEntries(commands.map((name) => [name, `server/${name}.ts`])),
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'chunks/[name]-[hash].js',
        // no comments, and non-ASCII characters escaped: V8 keeps a module's source in memory for as long as it
        // runs, and one character outside Latin-1 (an arrow in a comment) stores the whole bundle two bytes a
        // character; names, lines and indentation stay as written, so stack traces still read
        minify: { compress: false, mangle: false, codegen: { removeWhitespace: false, asciiOnly: true } },
        comments: false,
      },
    },
  },
});
