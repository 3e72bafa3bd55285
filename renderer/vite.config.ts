import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  base: '/',
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/renderer', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    // `npx vite renderer` during UI work: API calls go to a server started with `npm start`
    proxy: Object.fromEntries(
      [
        '/api',
        '/admin/api',
        '/admin/health',
        '/auth',
        '/login',
        '/logout',
        '/register',
        '/updateinstance',
        '/go_to',
        '/get_annotations',
        '/get_ai_suggestion',
      ].map((p) => [p, 'http://127.0.0.1:8000']),
    ),
  },
});
