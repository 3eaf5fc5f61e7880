import { relative, sep } from 'node:path';
import type { FastifyStaticOptions } from '@fastify/static';

/**
 * Vite emits every file under assets/ as `<name>-<content hash>.<ext>` (the RDKit wasm too,
 * imported with `?url`): a changed file gets a new name, so a browser may keep one forever.
 * Its `.br`/`.gz` siblings carry the same name plus the encoding's extension.
 */
const CONTENT_HASHED = /^assets\/[^/]+-[\w-]{8}\./;
const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: browsers revalidate it each time (a 304 while unchanged). */
const CACHE_REVALIDATE = 'no-cache';

/**
 * How the platform serves the built web app: the `.br`/`.gz` files the build wrote beside each
 * compressible asset go to clients that accept them (the RDKit wasm is 7.4 MB raw, 1.7 MB as
 * brotli), and content-hashed files are cached for good while the rest are revalidated.
 */
export function webAppStaticOptions(root: string): FastifyStaticOptions {
  return {
    root,
    // One route per built file, found at start-up: unknown paths fall through to the app's
    // not-found handler, which answers index.html for the client-side routes.
    wildcard: false,
    preCompressed: true,
    // Set per file below; @fastify/send would give every file the same max-age.
    cacheControl: false,
    setHeaders(res, path) {
      // A cache must not hand a brotli body to a client that asked for none.
      res.setHeader('vary', 'Accept-Encoding');
      res.setHeader('cache-control', CONTENT_HASHED.test(relative(root, path).split(sep).join('/')) ? CACHE_IMMUTABLE : CACHE_REVALIDATE);
    },
  };
}
