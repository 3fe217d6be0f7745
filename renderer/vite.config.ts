import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer folder, without Node's path helpers (the renderer layer imports no Node built-ins).
const rendererDir = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(
  /^\/([A-Za-z]:)/,
  '$1',
);

/**
 * One build for every host: base './' makes every URL relative, so the same files load from the
 * server at `/` (or under BASE_URI_PATH) and from a file or app origin in the desktop window.
 */
export default defineConfig({
  root: rendererDir,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${rendererDir}../dist/renderer`,
    emptyOutDir: true,
    assetsDir: 'assets',
    // Mantine alone is over the default 500 kB warning; the console is one page loaded once.
    chunkSizeWarningLimit: 1500,
    sourcemap: true,
  },
  server: { host: '127.0.0.1' },
});
