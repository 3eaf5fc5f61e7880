import { readdir, readFile } from 'node:fs/promises';

/** Clock ticks per second in /proc's times: the kernel's USER_HZ, 100 on every Linux architecture. */
const USER_HZ = 100;

/**
 * CPU seconds used so far by a process group: user and system time of each live member plus
 * what its reaped children used (an exited engine's time lands in the parent that waited for
 * it, e.g. GNU time). Read from /proc because Node exposes no rusage for a running child; 0
 * where /proc is absent. Used to stop a step at its CPU budget while it runs.
 */
export async function processGroupCpuSeconds(groupId: number): Promise<number> {
  const entries = await readdir('/proc').catch(() => [] as string[]);
  let ticks = 0;
  for (const pid of entries.filter((e) => /^\d+$/.test(e))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // The command name may hold spaces and parentheses; the fields after its closing one are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    ticks += Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]);
  }
  return ticks / USER_HZ;
}
