import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const docsDir = fileURLToPath(new URL('../../docs', import.meta.url));

export default defineConfig({
  plugins: [react()],
  // The tutorial markdown lives in the repository's docs/ folder, outside this app.
  server: {
    fs: { allow: ['../..', docsDir] },
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    target: 'es2022',
    chunkSizeWarningLimit: 1500,
  },
});
