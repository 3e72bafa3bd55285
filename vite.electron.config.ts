/**
 * Builds the desktop shell (`npm run build:desktop` → dist/electron): main.js, an ES module bundled with the server
 * code it hosts, as the server's commands are (vite.server.config.ts), and, with `--mode preload`, preload.cjs, the
 * single CommonJS file a sandboxed preload must be. Electron stays in node_modules, and so do the dependencies the
 * server's build leaves there.
 */
import { defineConfig } from 'vite';
import { BUNDLED } from './vite.server.config.js';

const preload = {
  input: { preload: 'electron/preload.cts' },
  output: { format: 'cjs' as const, entryFileNames: '[name].cjs' },
};
const main = {
  input: { main: 'electron/main.ts' },
  output: { format: 'es' as const, entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
};

export default defineConfig(({ mode }) => {
  const part = mode === 'preload' ? preload : main;
  return {
    ssr: { noExternal: BUNDLED },
    build: {
      ssr: true,
      outDir: 'dist/electron',
      // the preload's build runs second and must not remove main.js
      emptyOutDir: mode !== 'preload',
      target: 'node20',
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: part.input,
        external: ['electron'],
        output: { ...part.output, comments: false },
      },
    },
  };
});
