/**
 * A real local SMTP server for the browser journeys (DESIGN §4: the mail stand-in). It keeps
 * every message it receives and serves them as JSON, so a journey can read the two-factor code
 * the portal e-mailed: `GET http://127.0.0.1:2527/messages?to=<address>`.
 *
 * Started beside the portals by `serve-portals.ts`, Playwright's web server.
 */
import { createServer } from 'node:http';
import { startSmtpSink } from '../../packages/server/src/test/smtp-sink.ts';
import { parseMail, type SunkMail } from './mail-parse.ts';

const smtpPort = Number(process.env.SMTP_SINK_PORT ?? 2526);
const httpPort = Number(process.env.SMTP_SINK_HTTP_PORT ?? 2527);
const host = '127.0.0.1';

const smtp = await startSmtpSink({ port: smtpPort });
/** The sink's messages, each parsed once (recipients in lower case), in the order they came. */
const parsed: SunkMail[] = [];
function receivedSoFar(): SunkMail[] {
  for (const mail of smtp.received.slice(parsed.length)) {
    parsed.push(
      parseMail(
        mail.to.map((address) => address.toLowerCase()),
        mail.raw,
      ),
    );
  }
  return parsed;
}

const http = createServer((request, response) => {
  const url = new URL(request.url ?? '/', `http://${host}`);
  if (request.method === 'GET' && url.pathname === '/messages') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const all = receivedSoFar();
    const messages = to ? all.filter((mail) => mail.to.includes(to)) : all;
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

http.listen(httpPort, host, () => {
  console.log(`SMTP sink: SMTP on ${host}:${smtpPort}, messages on http://${host}:${httpPort}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    http.close();
    void smtp.close().then(() => process.exit(0));
  });
}
