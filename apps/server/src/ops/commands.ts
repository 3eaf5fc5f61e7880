import { randomUUID } from 'node:crypto';
import { fenToYuan, yuanToFen } from '@yunyao/contract';
import { balanceFen, credit, findUserByEmail, listAllRefunds, listUsers, RefundDecisionError, rejectRefund, verifyLedger, verifyPayments, type Database } from '@yunyao/db';
import { AuthService } from '../services/auth.service.ts';
import { createMailer, PaymentProviderError, type Config } from '@yunyao/platform';
import { runStaffCommand, STAFF_USAGE } from './staff-commands.ts';
import { LIBRARY_USAGE, runLibraryCommand } from './library-commands.ts';
import { approveRefund, REFUND_STATUS_TEXT } from '../payments/payments.service.ts';
import type { OpsResult } from './ops-result.ts';

const usage = [
  'Usage: npm run ops -- <command>',
  '  user:create <email> <password>        create an account',
  '  credit <email> <yuan> --reason <text>  credit (or, negative, correct) a balance',
  '  users                                  list accounts with balances',
  '  ledger:verify                          prove balances equal ledger sums, none negative (but after a supercomputer job), no orphan hold (exit 1 otherwise)',
  '  refund:list [--pending]                list refund requests',
  '  refund:approve <id> [--note <text>]    pay out a refund (provider refund for a recharge) and debit the balance',
  '  refund:reject <id> --note <text>       reject a pending refund',
  ...STAFF_USAGE,
  ...LIBRARY_USAGE,
];

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

/**
 * The staff commands. They run either in the CLI process (database opened
 * directly) or inside a running platform (reached over loopback), and write the
 * same ledger as the API.
 */
export async function runOpsCommand(database: Database, config: Config, args: string[], progress?: (line: string) => void): Promise<OpsResult> {
  const [command, ...rest] = args;
  const db = database.db;
  switch (command) {
    case 'user:create': {
      const [email, password] = rest;
      if (!email || !password) return { code: 2, lines: usage };
      const auth = new AuthService({ config, database, mailer: createMailer({ from: config.mailFrom, smtpUrl: config.smtpUrl, outboxDir: config.outboxDir }) });
      const user = await auth.register(email.trim().toLowerCase(), password);
      return { code: 0, lines: [`created user ${user.id} ${user.email}`] };
    }
    case 'credit': {
      const [email, amount] = rest;
      const reason = option(rest, '--reason');
      const yuan = Number(amount);
      if (!email || !Number.isFinite(yuan) || yuan === 0 || !reason) return { code: 2, lines: ['credit needs <email> <yuan> --reason <text>', ...usage] };
      const user = await findUserByEmail(db, email.trim().toLowerCase());
      if (!user) return { code: 1, lines: [`no user ${email}`] };
      // A staff credit has no natural cause to name, so each gets its own reference.
      await credit(db, { userId: user.id, kind: 'credit', amountFen: yuanToFen(yuan), reason, ref: `staff:${randomUUID()}` });
      return { code: 0, lines: [`credited ${yuan} yuan to ${user.email}; balance ${fenToYuan(await balanceFen(db, user.id))} yuan`] };
    }
    case 'users': {
      const users = await listUsers(db);
      return { code: 0, lines: ['id\temail\tbalance(yuan)\tcreated', ...users.map((u) => `${u.id}\t${u.email}\t${fenToYuan(u.balanceFen)}\t${u.createdAt.toISOString()}`)] };
    }
    case 'ledger:verify': {
      const users = await listUsers(db);
      const problems = [...(await verifyLedger(db)), ...(await verifyPayments(db))];
      if (problems.length === 0) return { code: 0, lines: [`ledger ok: ${users.length} users, every balance equals its ledger sum and is not negative (but after a supercomputer job), every hold belongs to a live task, every payment and refund is booked once`] };
      return { code: 1, lines: problems.map((p) => `MISMATCH user ${p.userId} ${p.email}: ${p.problem}`) };
    }
    case 'refund:list': {
      const rows = await listAllRefunds(db, rest.includes('--pending'));
      return {
        code: 0,
        lines: [
          'id\tkind\temail\torder\tamount(yuan)\tstatus\tpayee\taccount\tcreated\tnote',
          ...rows.map(({ refund: r, email, orderId }) =>
            [r.id, r.kind, email, orderId ?? '-', fenToYuan(r.amountFen), `${r.status}(${REFUND_STATUS_TEXT[r.status]})`, r.payeeName ?? '-', r.payeeAccount ?? '-', r.createdAt.toISOString(), r.staffNote ?? ''].join('\t'),
          ),
        ],
      };
    }
    case 'refund:approve':
    case 'refund:reject': {
      const id = Number(rest[0]);
      const note = option(rest, '--note');
      if (!Number.isInteger(id) || id <= 0 || (command === 'refund:reject' && !note)) {
        return { code: 2, lines: [`${command} needs <id>${command === 'refund:reject' ? ' --note <text>' : ''}`, ...usage] };
      }
      try {
        const r = command === 'refund:approve' ? await approveRefund(db, config, id, note) : await rejectRefund(db, id, note!);
        const balance = fenToYuan(await balanceFen(db, r.userId));
        return { code: 0, lines: [`refund ${r.id} ${r.status}: ${fenToYuan(r.amountFen)} yuan (${r.kind}); balance now ${balance} yuan`] };
      } catch (err) {
        if (err instanceof RefundDecisionError || err instanceof PaymentProviderError) return { code: 1, lines: [`refused: ${err.message}`] };
        throw err;
      }
    }
    default: {
      const staff = await runStaffCommand(db, config, command, rest);
      if (staff) return staff;
      const library = await runLibraryCommand(database, config, command, rest, progress);
      if (library) return library;
      return { code: command ? 2 : 0, lines: command ? [`unknown command ${command}`, ...usage] : usage };
    }
  }
}
