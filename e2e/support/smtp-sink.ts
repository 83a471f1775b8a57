/**
 * A real local SMTP server for the browser journeys (DESIGN §4: the mail stand-in). It keeps
 * every message it receives and serves them as JSON, so a journey can read the two-factor code
 * the portal e-mailed: `GET http://127.0.0.1:2527/messages?to=<address>`.
 *
 * Started beside the portals by `serve-portals.ts`, Playwright's web server.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail, type SunkMail } from './mail-parse.ts';

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2526);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2527);
const host = '127.0.0.1';

const received: SunkMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      received.push(parseMail(to, Buffer.concat(chunks).toString('utf8')));
      callback();
    });
  },
});

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const messages = to ? received.filter((mail) => mail.to.includes(to)) : received;
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(messages));
    return;
  }
  // Playwright waits for this address before the journeys start.
  if (request.method === 'GET' && url.pathname === '/health') {
    response.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok');
    return;
  }
  response.writeHead(404).end();
});

smtp.listen(smtpPort, host, () => {
  http.listen(httpPort, host, () => {
    console.log(`SMTP sink: SMTP on ${host}:${smtpPort}, messages on http://${host}:${httpPort}`);
  });
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close();
    smtp.close(() => process.exit(0));
  });
}
