/**
 * The probe side of bench/soak.ts, in its own process so that a held-up server loop cannot also hold
 * up the clock that times it: one GET after another on URL (a pause of INTERVAL ms between them) until
 * SIGTERM, then one JSON line on stdout: how many answered, the worst, the 99th percentile, how many
 * took over a second, and when each of those started (ms since the probe began), to set beside what
 * the server was doing then.
 *
 *   tsx bench/support/latency-probe.ts <url> <token> <interval-ms>
 */
// A module (top-level await), though it exports nothing.
export {};

const [url, token, interval] = process.argv.slice(2) as [string, string, string];
const latencies: number[] = [];
let worst = { ms: 0, at: 0 };
const slow: { ms: number; at: number }[] = [];
const errors: string[] = [];
const began = performance.now();
let stopping = false;
process.once('SIGTERM', () => {
  stopping = true;
});

while (!stopping) {
  const started = performance.now();
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { errno: number; errmsg: string };
    if (res.status !== 200 || Number(body.errno) !== 0) errors.push(`${res.status} ${body.errno} ${body.errmsg}`);
  } catch (err) {
    errors.push(String(err));
  }
  const ms = performance.now() - started;
  latencies.push(ms);
  if (ms > worst.ms) worst = { ms, at: started - began };
  if (ms > 1000) slow.push({ ms: Math.round(ms), at: Math.round(started - began) });
  await new Promise((r) => setTimeout(r, Number(interval)));
}
latencies.sort((a, b) => a - b);
const p99 = latencies[Math.min(latencies.length - 1, Math.ceil(0.99 * latencies.length) - 1)] ?? NaN;
console.log(JSON.stringify({ n: latencies.length, worstMs: worst.ms, worstAtMs: worst.at, p99Ms: p99, overOneSecond: slow.length, slow, errors: errors.slice(0, 5), errorCount: errors.length }));
