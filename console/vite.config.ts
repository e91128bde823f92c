import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * The console is built into dist/console, which the service serves at `/` (hashed files under
 * /assets are cached for a year). `npx vite --config console/vite.config.ts` serves it with hot
 * reload against a service on :3000.
 */
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  build: {
    outDir: here('../dist/console'),
    emptyOutDir: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: Object.fromEntries(
      ['/api', '/mcp', '/.well-known', '/documentation'].map((p) => [p, 'http://localhost:3000']),
    ),
  },
});
