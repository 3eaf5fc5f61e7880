import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import { marked } from 'marked';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import react from '@vitejs/plugin-react';

const docsDir = fileURLToPath(new URL('../../docs', import.meta.url));

/**
 * `import html from 'page.md?html'`: the tutorial is the repository's own
 * markdown, rendered once at build time so the browser needs no markdown parser.
 */
function markdownAsHtml(): Plugin {
  return {
    name: 'yunyao-markdown-as-html',
    async load(id) {
      const [file, query] = id.split('?');
      if (!file?.endsWith('.md') || query !== 'html') return null;
      this.addWatchFile(file);
      const html = await marked.parse(await readFile(file, 'utf8'), { gfm: true });
      return `export default ${JSON.stringify(html)};`;
    },
  };
}

/**
 * `.br` and `.gz` beside every compressible file of the build, at the strongest settings:
 * compressed once here rather than per request, and served by the platform to browsers
 * that accept them (apps/server/src/plugins/web-app-static.ts). The RDKit wasm is the
 * largest (7.4 MB raw). Files under 1 kB would save less than a packet.
 */
const precompressed = compression({
  include: /\.(js|css|html|svg|json|wasm|map)$/,
  threshold: 1024,
  algorithms: [defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }), defineAlgorithm('gzip', { level: 9 })],
});

export default defineConfig(({ mode }) => ({
  plugins: [react(), markdownAsHtml(), precompressed],
  resolve: {
    // react-router's package exports only its development build (its own Vite
    // plugin swaps in production); without this alias the app ships ~15 kB of
    // extra gzip and dev-only warnings.
    alias:
      mode === 'production'
        ? [{ find: /^react-router$/, replacement: fileURLToPath(new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url)) }]
        : [],
  },
  // The tutorial markdown lives in the repository's docs/ folder, outside this app.
  server: {
    fs: { allow: ['../..', docsDir] },
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
}));
