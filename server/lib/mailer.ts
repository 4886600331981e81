// Sends e-mail through SMTP when SMTP_URL is set; otherwise writes each message to the outbox
// folder in the data directory so password reset works offline.
import type NodeMailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type StreamTransport from 'nodemailer/lib/stream-transport';
import { lazyRequire } from './lazy-require';
import { writeFileSync } from 'node:fs';
import { PRIVATE_FILE_MODE, privateDir } from './private-files';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}
export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

/** Loaded with the first e-mail, not at start-up. */
const nodemailer = lazyRequire<typeof NodeMailer>('nodemailer');

export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    let transport: Transporter | undefined;
    return {
      async send(msg) {
        transport ??= nodemailer().createTransport(smtpUrl);
        await transport.sendMail({ from: opts.from, ...msg });
      },
    };
  }
  let transport: Transporter<StreamTransport.SentMessageInfo> | undefined;
  let outboxReady = false;
  return {
    async send(msg) {
      transport ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
      const info = await transport.sendMail({ from: opts.from, ...msg });
      if (!outboxReady) privateDir(opts.outboxDir);
      outboxReady = true;
      const file = path.join(opts.outboxDir, `${Date.now()}-${randomUUID()}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: PRIVATE_FILE_MODE });
    },
  };
}

/** A mailer that keeps messages in memory, for tests. */
export function memoryMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(msg) {
      sent.push(msg);
    },
  };
}
