import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer folder, without Node's path helpers (the renderer layer imports no Node built-ins).
const rendererDir = decodeURIComponent(new URL('.', import.meta.url).pathname).replace(
  /^\/([A-Za-z]:)/,
  '$1',
);

/** Modules of the packages named (regular expressions): `packages('re2js', 'd3-[^/]+')`. */
function packages(...names: string[]): (id: string) => boolean {
  const pattern = new RegExp(`[\\/]node_modules[\\/](${names.join('|')})[\\/]`);
  // A library's styles stay with the code that imports them.
  return (id) => pattern.test(id) && !id.endsWith('.css');
}

/**
 * Big libraries that only some screens use, each in a chunk of its own (issue 33), so the first
 * screen never waits for them and a screen that needs one shares the cached copy with the others.
 */
const LIBRARY_CHUNKS = [
  {
    name: 'charts',
    test: packages(
      '@mantine/charts',
      'recharts',
      'd3-[^/]+',
      'internmap',
      'victory-vendor',
      'decimal\\.js-light',
      'es-toolkit',
      'eventemitter3',
      'immer',
      'react-redux',
      'redux',
      'redux-thunk',
      '@reduxjs/toolkit',
      'reselect',
      'tiny-invariant',
    ),
  },
  {
    name: 'markdown',
    test: packages(
      'react-markdown',
      'remark-[^/]+',
      'micromark[^/]*',
      'mdast-[^/]+',
      'hast-[^/]+',
      'unist-[^/]+',
      'unified',
      'vfile[^/]*',
      'bail',
      'trough',
      'extend',
      'is-plain-obj',
      'devlop',
      'trim-lines',
      'property-information',
      'space-separated-tokens',
      'comma-separated-tokens',
      'decode-named-character-reference',
      'character-entities[^/]*',
      'html-url-attributes',
      'estree-util-[^/]+',
      'style-to-[^/]+',
      'inline-style-parser',
      '@ungap/structured-clone',
    ),
  },
  // The regular-expression engine of naming patterns: only the forms that create things use it.
  { name: 're2js', test: packages('re2js') },
];

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
    // The entry holds React, React Router and Mantine (over the default 500 kB before gzip).
    chunkSizeWarningLimit: 1000,
    sourcemap: true,
    // dist/renderer/.vite/manifest.json: which chunks each screen loads (scripts/bundle-size.mjs).
    manifest: true,
    rolldownOptions: {
      output: {
        // The shared chunks' names list every screen using them; a short name is enough.
        chunkFileNames: (chunk) =>
          chunk.name.startsWith('shared') ? 'assets/shared-[hash].js' : 'assets/[name]-[hash].js',
        codeSplitting: {
          // A library's own dependencies (React, clsx…) stay where the rest of the console has them.
          includeDependenciesRecursively: false,
          groups: [
            ...LIBRARY_CHUNKS.map((chunk) => ({ ...chunk, priority: 20 })),
            // What every first screen needs (statically imported from main.tsx): libraries in one
            // chunk, the console's own code in another, instead of dozens of small files.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 15 },
            { name: 'console', tags: ['$initial'], priority: 14 },
            // Screens share small modules (components, API helpers): merged into a few chunks
            // rather than a hundred tiny files, each still loaded only by the screens using it.
            {
              name: 'shared',
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 0,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1' },
});
