/**
 * The load side of bench/api-load.ts, in its own process so that the clients' event loop
 * does not share the server's: CLIENTS concurrent clients each send REQUESTS requests one
 * after another; the latencies and the CPU time the clients used come back as one JSON line on stdout.
 *
 *   tsx bench/support/load-client.ts <url> <token> <clients> <requests> <get|convert>
 */
// A module (top-level await), though it exports nothing.
export {};

const [url, token, clients, requests, kind] = process.argv.slice(2) as [string, string, string, string, 'get' | 'convert'];

/** One molecule (ethanol) as SD text: the smallest real input a convert task accepts. */
const ETHANOL_SDF = `ethanol
  bench

  3  2  0  0  0  0  0  0  0  0999 V2000
    0.0000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    1.5000    0.0000    0.0000 C   0  0  0  0  0  0  0  0  0  0  0  0
    2.0000    1.4000    0.0000 O   0  0  0  0  0  0  0  0  0  0  0  0
  1  2  1  0
  2  3  1  0
M  END
$$$$
`;

function request(): Promise<Response> {
  const headers = { authorization: `Bearer ${token}` };
  if (kind === 'get') return fetch(url, { headers });
  const form = new FormData();
  form.append('out', 'ethanol.mol2');
  form.append('input', new Blob([ETHANOL_SDF]), 'ethanol.sdf');
  return fetch(url, { method: 'POST', headers, body: form });
}

async function client(latencies: number[], errors: string[]): Promise<void> {
  for (let i = 0; i < Number(requests); i++) {
    const started = performance.now();
    try {
      const res = await request();
      const body = (await res.json()) as { errno: number; errmsg: string };
      latencies.push(performance.now() - started);
      if (res.status !== 200 || body.errno !== 0) errors.push(`${res.status} ${body.errno} ${body.errmsg}`);
    } catch (err) {
      errors.push(String(err));
    }
  }
}

const latencies: number[] = [];
const errors: string[] = [];
const started = performance.now();
const cpuBefore = process.cpuUsage();
await Promise.all(Array.from({ length: Number(clients) }, () => client(latencies, errors)));
const cpu = process.cpuUsage(cpuBefore);
console.log(JSON.stringify({ latencies, errors, seconds: (performance.now() - started) / 1000, cpuMs: (cpu.user + cpu.system) / 1000 }));
