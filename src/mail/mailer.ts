// Outgoing mail: over SMTP when SMTP_URL is set, else as .eml files in DATA_DIR/outbox (development, the demo).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from '../config';

export interface MailMessage {
  to: string[];
  subject: string;
  text: string;
  /** The same id for the same event, so that a receiving server can drop a repeated message. */
  messageId: string;
}

export interface Mailer {
  /** Resolves when the message was accepted (by the SMTP server, or written); rejects otherwise. */
  send(message: MailMessage): Promise<void>;
}

const SMTP_TIMEOUT_MS = 10_000;

/** smtp://user:pass@host:587 (STARTTLS when the server offers it) or smtps://...:465 (TLS from the start). */
function smtpOptions(smtpUrl: string) {
  const parsed = new URL(smtpUrl);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  };
}

export function createMailer(config: MailConfig, dataDir: string): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(smtpOptions(config.smtpUrl));
    return {
      async send(message) {
        await transport.sendMail({ from: config.from, ...message });
      },
    };
  }
  const outbox = path.join(dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const { message: raw } = await transport.sendMail({ from: config.from, ...message });
      await mkdir(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.messageId.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`;
      await writeFile(path.join(outbox, name), raw as Buffer);
    },
  };
}
