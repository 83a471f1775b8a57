import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { SmtpConfig } from '../config.ts';
import type { Logger } from '../logger.ts';

/** One e-mail as the portal writes it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes (a support ticket: its sender). */
  replyTo?: string;
  /** Files sent along (a support ticket's image); the outbox drops them once delivered. */
  attachments?: MailAttachment[];
}

/** A file sent with an e-mail, as nodemailer takes it: base64 content and its type. */
export interface MailAttachment {
  filename: string;
  content: string;
  encoding: 'base64';
  contentType: string;
}

/** Where e-mail goes: an SMTP server, or files in the data folder when none is configured. */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const defaultFrom = 'Secure Container Release <no-reply@localhost>';

/** SMTP through nodemailer when SMTP_HOST is set (DESIGN §4 "mail"). */
export function smtpTransport(smtp: SmtpConfig): MailTransport {
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user && smtp.password ? { auth: { user: smtp.user, pass: smtp.password } } : {}),
    // A local relay without a certificate still gets the message; a TLS-only server is asked for TLS.
    tls: { rejectUnauthorized: smtp.secure },
    // Nodemailer waits up to 2 min to connect and 10 min on a silent socket: a server that hangs
    // would hold a slot of the mail lane that long. These stay within the lane's 60 s a try.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      await transporter.sendMail({ from: smtp.from, ...message });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP settings (`npm start` on a laptop) each message is written as an .eml file under
 * `DATA_DIR/outbox`; the log names the file, never its content, so codes stay out of the logs.
 */
export function fileTransport(dataDir: string, logger: Logger): MailTransport {
  const folder = join(dataDir, 'outbox');
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true });
  let sequence = 0;
  return {
    async send(message) {
      const { message: raw } = await transporter.sendMail({ from: defaultFrom, ...message });
      await mkdir(folder, { recursive: true });
      sequence += 1;
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = join(folder, `${stamp}-${process.pid}-${sequence}.eml`);
      await writeFile(file, raw as Buffer, { mode: 0o600 });
      logger.info({ file, to: message.to }, 'e-mail written to the file outbox (no SMTP_HOST set)');
    },
    close: () => transporter.close(),
  };
}

/** The transport the configuration asks for. */
export function createMailTransport(
  smtp: SmtpConfig | null,
  dataDir: string,
  logger: Logger,
): MailTransport {
  return smtp ? smtpTransport(smtp) : fileTransport(dataDir, logger);
}
