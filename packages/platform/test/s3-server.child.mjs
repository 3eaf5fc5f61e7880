// The test object store's own process (s3-server.ts starts it): s3rver on a free loopback port,
// one bucket whose CORS admits the given origin. Prints the port, then serves until told to stop
// or until its parent goes (stdin closes), so a crashed test run leaves no server behind.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

// s3rver checks SigV4 signatures, but builds two parts of the canonical request unlike S3 (and the
// AWS SDK) do; both are mended here, before its routes load, so that correctly signed requests pass
// and wrongly signed ones still fail (docs/storage.md):
// 1. query values are escaped by encodeURIComponent, which leaves !'()* as they are, where SigV4
//    escapes them (a presigned download's `filename*=UTF-8''…` disposition);
const encode = globalThis.encodeURIComponent;
globalThis.encodeURIComponent = (value) => encode(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
// 2. a bucket request's path `/bucket/` (HeadBucket, ListObjectsV2, DeleteObjects) is signed as `/bucket`.
const authenticationPath = require.resolve('@20minutes/s3rver/lib/middleware/authentication');
const authentication = require(authenticationPath);
require.cache[authenticationPath].exports = () => {
  const check = authentication();
  return async (ctx, next) => {
    const { bucket, key } = ctx.params;
    if (!bucket || key || !ctx.path.endsWith('/')) return check(ctx, next);
    ctx.params.bucket = `${bucket}/`;
    try {
      return await check(ctx, () => {
        ctx.params.bucket = bucket;
        return next();
      });
    } finally {
      ctx.params.bucket = bucket;
    }
  };
};
const S3rver = require('@20minutes/s3rver');

const [directory, bucket, origin] = process.argv.slice(2);
const cors = `<CORSConfiguration><CORSRule>
  <AllowedOrigin>${origin}</AllowedOrigin>
  <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod>
  <AllowedHeader>*</AllowedHeader>
  <ExposeHeader>ETag</ExposeHeader><ExposeHeader>Content-Disposition</ExposeHeader>
  <MaxAgeSeconds>600</MaxAgeSeconds>
</CORSRule></CORSConfiguration>`;
const server = new S3rver({ port: 0, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket, configs: [cors] }] });
const { port } = await server.run();
process.stdout.write(`${port}\n`);
const stop = () => server.close().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.stdin.on('close', stop);
process.stdin.resume();
