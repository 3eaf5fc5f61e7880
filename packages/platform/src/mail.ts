import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  describe(): string;
}

/** SMTP when configured; otherwise every mail becomes an .eml file in the outbox folder. */
export function createMailer({ smtpUrl, from, outboxDir }: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  if (smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => void (await transport.sendMail({ from, ...mail })),
      describe: () => 'smtp',
    };
  }
  mkdirSync(outboxDir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      const file = join(outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^a-z0-9@.]/gi, '_')}.eml`);
      await writeFile(file, info.message as Buffer);
      console.info(`[mail] no SMTP configured; wrote ${file}`);
    },
    describe: () => `outbox:${outboxDir}`,
  };
}
