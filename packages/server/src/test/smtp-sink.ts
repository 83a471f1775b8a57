import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A message the sink received, as raw RFC 822 text. */
export interface ReceivedMail {
  to: string[];
  raw: string;
}

/**
 * A real local SMTP server that keeps what it receives (DESIGN §4 "mail" stand-in): on a port of
 * its own for the API tests, on a fixed one for the browser journeys' sink (e2e/support).
 */
export async function startSmtpSink({ port: wanted = 0 }: { port?: number } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      SMTP_FROM: 'Secure Container Release <no-reply@portal.test>',
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
