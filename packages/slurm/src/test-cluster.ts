import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, cpSync, existsSync, mkdirSync, renameSync, openSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A whole Slurm cluster on this machine for tests and benches, in a temp dir and on free ports, touching
 * nothing in /etc: munged with its own key and socket, MariaDB in its own datadir (loopback only),
 * slurmdbd (sacct reads it), slurmctld and two slurmd "nodes" n1 and n2. Debian's slurmd is built
 * without --enable-multiple-slurmd, so each node is its own slurmd (`-N nX`) on its own loopback
 * address (127.0.0.2, 127.0.0.3) with the same port, which Linux's whole 127/8 loopback allows.
 * Needs root (slurmd runs jobs as their user) and the Debian packages scripts/setup.sh installs
 * (slurm-wlm, slurmdbd, munge, mariadb-server). gVisor-proof settings: CommunicationParameters=NoInAddrAny,
 * proctrack/linuxproc, task/none.
 */
export interface TestCluster {
  /** What every Slurm command needs: SLURM_CONF (the munge socket is named in it, AuthInfo). */
  env: { SLURM_CONF: string };
  dir: string;
  nodes: readonly string[];
  partition: string;
  /** Stops one node's slurmd (a node failure); its jobs are lost with it. */
  killNode(node: string): void;
  /** Milliseconds from call to a cluster whose nodes are idle. */
  startMs: number;
  stop(): Promise<void>;
}

const NODES = ['n1', 'n2'] as const;
const PARTITION = 'yy';

/** A TCP port nobody listens on now (the kernel's pick, released before use: a small race accepted in tests). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Waits for `check`; a `check` that returns a string is not ready, and says why. */
async function until(what: string, check: () => boolean | string, timeoutMs = 30_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let last = check(); last !== true; last = check()) {
    if (Date.now() > deadline) throw new Error(`test cluster: ${what} not ready after ${timeoutMs} ms${typeof last === 'string' ? `: ${last}` : ''}`);
    await sleep(everyMs);
  }
}

/**
 * An initialised MariaDB datadir, made once per machine and copied by each cluster: mariadb-install-db takes
 * some 6 s on a busy 2-core machine, the copy milliseconds. Made aside and renamed, so concurrent starts
 * never see half of one.
 */
function emptyMariadbDatadir(): string {
  const template = join(tmpdir(), `yunyao-mariadb-datadir-${process.getuid?.() ?? 0}`);
  if (existsSync(template)) return template;
  const aside = mkdtempSync(`${template}.`);
  const install = spawnSync('/usr/bin/mariadb-install-db', ['--no-defaults', `--datadir=${aside}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], { encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`mariadb-install-db failed: ${install.stderr}`);
  try {
    renameSync(aside, template);
  } catch {
    rmSync(aside, { recursive: true, force: true }); // another start made it first
  }
  return template;
}

function killGroup(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // gone already, or not a group leader
    }
  }
}

const readProc = (pid: number, file: string) => {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
};
const commandOf = (pid: number) => readProc(pid, 'cmdline').replace(/\0/g, ' ');
const parentOf = (pid: number) => Number(readProc(pid, 'stat').slice(readProc(pid, 'stat').lastIndexOf(')') + 2).split(' ')[1]);

/** Live processes whose environment holds `entry` (NAME=value). */
function processesWithEnv(entry: string): number[] {
  return readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .map(Number)
    .filter((pid) => readProc(pid, 'environ').split('\0').includes(entry));
}

/** The last lines of every daemon's log, so a start that failed in CI says why. */
function logTails(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.log') || f.endsWith('/log'))
    .map((f) => `--- ${f}\n${readFileSync(join(dir, f), 'utf8').split('\n').slice(-15).join('\n')}`)
    .join('\n');
}

export async function startTestCluster(): Promise<TestCluster> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'yunyao-slurm-'));
  const children: ChildProcess[] = [];
  const nodeDaemons = new Map<string, ChildProcess>();
  const daemon = (argv: string[], log: string, env: Record<string, string> = {}) => {
    // Killed with this process, so a test run that dies leaves no daemon behind.
    const [cmd, ...args] = ['/usr/bin/setpriv', '--pdeathsig', 'KILL', '--', ...argv] as [string, ...string[]];
    // Its own output (start-up errors before its log file opens) is kept beside the logs.
    const out = openSync(join(dir, `${log.replace(' ', '-')}.out.log`), 'a');
    const child = spawn(cmd, args, { stdio: ['ignore', out, out], env: { ...process.env, ...env }, detached: true });
    closeSync(out);
    child.on('error', (err) => console.error(`[test-cluster] ${cmd} (${log})`, err));
    children.push(child);
    return child;
  };
  const conf = join(dir, 'slurm.conf');
  const stop = async () => {
    for (const c of children.reverse()) if (c.exitCode === null && c.pid) killGroup(c.pid);
    // Job steps (slurmstepd and the jobs under it) leave slurmd's process group: found by the cluster they belong to.
    for (const pid of processesWithEnv(`SLURM_CONF=${conf}`)) killGroup(pid);
    await sleep(100);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [dbPort, dbdPort, ctldPort, ...nodePorts] = await Promise.all([freePort(), freePort(), freePort(), ...NODES.map(freePort)]);
    const munge = join(dir, 'munge');
    // Clients reach the socket inside: munged wants the dir searchable by all.
    mkdirSync(munge, { mode: 0o711 });
    writeFileSync(join(munge, 'key'), randomBytes(1024), { mode: 0o400 });
    const mungeSocket = join(munge, 'socket');
    daemon(['/usr/sbin/munged', '--foreground', '--force', `--key-file=${join(munge, 'key')}`, `--socket=${mungeSocket}`, `--pid-file=${join(munge, 'pid')}`, `--log-file=${join(munge, 'log')}`, `--seed-file=${join(munge, 'seed')}`], 'munged');

    const datadir = join(dir, 'mysql');
    cpSync(emptyMariadbDatadir(), datadir, { recursive: true });
    daemon(['/usr/sbin/mariadbd', '--no-defaults', `--datadir=${datadir}`, '--user=root', '--bind-address=127.0.0.1', `--port=${dbPort}`, `--socket=${join(dir, 'mysql.sock')}`, `--pid-file=${join(dir, 'mysql.pid')}`, `--log-error=${join(dir, 'mysql.log')}`, '--skip-log-bin', '--innodb-buffer-pool-size=32M'], 'mariadbd');

    const common = [`AuthType=auth/munge`, `AuthInfo=socket=${mungeSocket}`, 'SlurmUser=root'];
    const dbdConf = join(dir, 'slurmdbd.conf');
    writeFileSync(
      dbdConf,
      [...common, 'DbdHost=localhost', 'DbdAddr=127.0.0.1', `DbdPort=${dbdPort}`, `PidFile=${join(dir, 'slurmdbd.pid')}`, `LogFile=${join(dir, 'slurmdbd.log')}`,
        'StorageType=accounting_storage/mysql', 'StorageHost=127.0.0.1', `StoragePort=${dbPort}`, 'StorageUser=root', 'StorageLoc=slurm_acct_db'].join('\n') + '\n',
      { mode: 0o600 },
    );
    const host = hostname();
    writeFileSync(
      conf,
      [
        'ClusterName=yunyao',
        `SlurmctldHost=${host}(127.0.0.1)`,
        `SlurmctldPort=${ctldPort}`,
        ...common,
        'CredType=cred/munge',
        'SlurmdUser=root',
        `StateSaveLocation=${join(dir, 'state')}`,
        `SlurmdSpoolDir=${join(dir, 'spool-%n')}`,
        `SlurmctldPidFile=${join(dir, 'slurmctld.pid')}`,
        `SlurmdPidFile=${join(dir, 'slurmd-%n.pid')}`,
        `SlurmctldLogFile=${join(dir, 'slurmctld.log')}`,
        `SlurmdLogFile=${join(dir, 'slurmd-%n.log')}`,
        'CommunicationParameters=NoInAddrAny',
        'ProctrackType=proctrack/linuxproc',
        'TaskPlugin=task/none',
        'MpiDefault=none',
        'SelectType=select/cons_tres',
        'SelectTypeParameters=CR_Core_Memory',
        'DefMemPerCPU=200',
        'SlurmdParameters=config_overrides',
        'ReturnToService=2',
        // A dead node is noticed within seconds, not the default 5 minutes.
        'SlurmdTimeout=5',
        'MinJobAge=5',
        'KillWait=2',
        'SchedulerParameters=sched_interval=1',
        'JobAcctGatherType=jobacct_gather/linux',
        'JobAcctGatherFrequency=task=1',
        'AccountingStorageType=accounting_storage/slurmdbd',
        // Jobs need an association, and its limits hold: the terminal billing stops a spent account with MaxSubmitJobs=0.
        'AccountingStorageEnforce=associations,limits',
        'AccountingStorageHost=127.0.0.1',
        `AccountingStoragePort=${dbdPort}`,
        // The munge socket of connections to slurmdbd (Slurm reads it here, not from AuthInfo).
        `AccountingStoragePass=${mungeSocket}`,
        ...NODES.map((n, i) => `NodeName=${n} NodeHostname=${host} NodeAddr=127.0.0.1 Port=${nodePorts[i]} CPUs=2 RealMemory=2000 State=UNKNOWN`),
        `PartitionName=${PARTITION} Nodes=${NODES.join(',')} Default=YES MaxTime=INFINITE State=UP`,
      ].join('\n') + '\n',
    );
    mkdirSync(join(dir, 'state'));
    for (const n of NODES) mkdirSync(join(dir, `spool-${n}`));
    const env = { SLURM_CONF: conf };
    const ok = (argv: string[]) => spawnSync(argv[0]!, argv.slice(1), { env: { ...process.env, ...env }, encoding: 'utf8' });

    await until('munged', () => spawnSync('/usr/bin/munge', ['-n', `--socket=${mungeSocket}`]).status === 0);
    await until('mariadb', () => spawnSync('/usr/bin/mariadb', ['--no-defaults', '-uroot', `--socket=${join(dir, 'mysql.sock')}`, '-e', 'select 1']).status === 0);
    // slurmdbd reads the slurmdbd.conf beside SLURM_CONF's file (it has no -f).
    daemon(['/usr/sbin/slurmdbd', '-D'], 'slurmdbd', env);
    await until('slurmdbd', () => {
      const r = ok(['/usr/bin/sacctmgr', '-i', 'add', 'cluster', 'yunyao']);
      return r.status === 0 || r.stderr + r.stdout;
    });
    daemon(['/usr/sbin/slurmctld', '-D', '-i', '-f', conf], 'slurmctld');
    for (const n of NODES) nodeDaemons.set(n, daemon(['/usr/sbin/slurmd', '-D', '-N', n, '-f', conf], `slurmd ${n}`));
    await until('nodes idle', () => {
      const r = ok(['/usr/bin/sinfo', '-h', '-N', '-o', '%N %t']);
      return (r.status === 0 && NODES.every((n) => new RegExp(`^${n} idle`, 'm').test(r.stdout))) || r.stderr + r.stdout;
    });
    // slurmctld registered with slurmdbd: jobs started before that reach accounting late and without their
    // name or working dir.
    await until('slurmctld registered with slurmdbd', () => {
      const r = ok(['/usr/bin/sacctmgr', '-n', '-P', 'show', 'cluster', 'format=cluster,controlhost,controlport']);
      return (r.status === 0 && /^yunyao\|[^|]+\|[1-9]/m.test(r.stdout)) || r.stderr + r.stdout;
    });
    return {
      env,
      dir,
      nodes: NODES,
      partition: PARTITION,
      startMs: Date.now() - started,
      killNode(node) {
        const c = nodeDaemons.get(node);
        if (c?.pid) killGroup(c.pid);
        // The node's running jobs die with it: their slurmstepd first (it would report them), then the jobs.
        const jobs = processesWithEnv(`SLURMD_NODENAME=${node}`);
        for (const pid of jobs) {
          const parent = parentOf(pid);
          if (parent && commandOf(parent).startsWith('slurmstepd')) killGroup(parent);
        }
        for (const pid of jobs) killGroup(pid);
        // What slurmctld concludes SlurmdTimeout after the node went silent, without the wait.
        ok(['/usr/bin/scontrol', 'update', `nodename=${node}`, 'state=down', 'reason=killed by the test']);
      },
      stop,
    };
  } catch (err) {
    const logs = logTails(dir);
    await stop();
    throw new Error(`${(err as Error).message}\n${logs}`);
  }
}
