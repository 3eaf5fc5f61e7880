import { fenToYuan } from '@yunyao/contract';
import { activateHpcAccount, decideInvoice, listHpcApplications, listPendingFeedback, listPendingInvoices, resolveFeedback, type Db } from '@yunyao/db';
import type { Config } from '@yunyao/platform';
import { HPC_ACCOUNT_NAME, openSlurmAccount, SlurmCli } from '@yunyao/slurm';
import type { OpsResult } from './ops-result.ts';

export const STAFF_USAGE = [
  '  invoice:list                           invoice applications waiting to be issued',
  '  invoice:issue <id> | invoice:reject <id>  mark an application issued (已开票) or rejected (已驳回)',
  '  feedback:list                          feedback tickets waiting for an answer',
  '  feedback:resolve <id>                  mark a ticket answered (已处理)',
  '  hpc:list                               supercomputer account applications',
  '  hpc:activate <id> <account>            open the account on its node (a Slurm account and user there, where HPC_CLUSTERS names the node)',
  '  hpc:sync [--since <ISO time>]          read the clusters\' accounting now and charge ended jobs (the worker does it every HPC_SYNC_SECONDS)',
];

const positiveId = (s: string | undefined) => (Number.isInteger(Number(s)) && Number(s) > 0 ? Number(s) : undefined);

function decided(done: boolean, what: string, id: number): OpsResult {
  return done ? { code: 0, lines: [`${what} ${id} done`] } : { code: 1, lines: [`${what} ${id}: not found or no longer pending`] };
}

/** Staff decisions on invoices, feedback and supercomputer accounts; undefined for other commands. */
export async function runStaffCommand(db: Db, config: Pick<Config, 'hpcClusters' | 'hpcPrices'>, command: string | undefined, rest: string[]): Promise<OpsResult | undefined> {
  const id = positiveId(rest[0]);
  switch (command) {
    case 'invoice:list': {
      const rows = await listPendingInvoices(db);
      return {
        code: 0,
        lines: [
          'id\temail\torder\tamount(yuan)\ttype\theader\tcreated',
          ...rows.map(({ application: a, email, orderId }) =>
            [a.id, email, orderId, fenToYuan(a.amountFen), a.type, (a.invoice as { header?: string }).header ?? '', a.createdAt.toISOString()].join('\t'),
          ),
        ],
      };
    }
    case 'invoice:issue':
    case 'invoice:reject':
      if (!id) return { code: 2, lines: [`${command} needs <id>`, ...STAFF_USAGE] };
      return decided(await decideInvoice(db, id, command === 'invoice:issue' ? 'issued' : 'rejected'), command, id);
    case 'feedback:list': {
      const rows = await listPendingFeedback(db);
      return { code: 0, lines: ['id\temail\tcontact\tcreated\tcontent', ...rows.map(({ ticket: f, email }) => [f.id, email, f.contact, f.createdAt.toISOString(), f.content.replace(/\s+/g, ' ')].join('\t'))] };
    }
    case 'feedback:resolve':
      if (!id) return { code: 2, lines: ['feedback:resolve needs <id>', ...STAFF_USAGE] };
      return decided(await resolveFeedback(db, id), command, id);
    case 'hpc:list': {
      const rows = await listHpcApplications(db);
      return { code: 0, lines: ['id\temail\tnode\tapplied', ...rows.map(({ account: h, email }) => [h.id, email, h.node, h.createdAt.toISOString()].join('\t'))] };
    }
    case 'hpc:activate': {
      const account = rest[1]?.trim();
      if (!id || !account) return { code: 2, lines: ['hpc:activate needs <id> <account>', ...STAFF_USAGE] };
      if (!HPC_ACCOUNT_NAME.test(account)) return { code: 2, lines: [`hpc:activate: ${account} is not a cluster login (lower-case letters, digits, _ and -; at most 32)`] };
      const application = (await listHpcApplications(db)).find((a) => a.account.id === id);
      if (!application) return decided(false, command, id);
      // The cluster first: an account Slurm refused stays an application, to be activated again.
      const cluster = config.hpcClusters.find((c) => c.node === application.account.node);
      if (cluster) await openSlurmAccount(new SlurmCli({ SLURM_CONF: cluster.slurmConf }), account);
      return decided(await activateHpcAccount(db, id, account), command, id);
    }
    case 'hpc:sync': {
      const sinceArg = rest[rest.indexOf('--since') + 1];
      const since = rest.includes('--since') && sinceArg ? new Date(sinceArg) : undefined;
      if (since && Number.isNaN(since.getTime())) return { code: 2, lines: [`hpc:sync: --since ${sinceArg} is not a time`] };
      if (!config.hpcClusters.length) return { code: 1, lines: ['hpc:sync: no cluster configured (HPC_CLUSTERS)'] };
      // Loaded here: the worker brings every module with it, which would slow every other ops command's start by seconds.
      const { syncTerminalJobs } = await import('@yunyao/worker');
      const lines = ['node\tjobs\tcharged\trecorded\tsettled\tstopped\treopened'];
      for (const cluster of config.hpcClusters) {
        const r = await syncTerminalJobs(db, cluster, config.hpcPrices, since);
        lines.push([r.node, r.jobs, r.outcomes.charged, r.outcomes.recorded, r.outcomes.settled, r.stopped.join(',') || '-', r.reopened.join(',') || '-'].join('\t'));
      }
      return { code: 0, lines };
    }
    default:
      return undefined;
  }
}
