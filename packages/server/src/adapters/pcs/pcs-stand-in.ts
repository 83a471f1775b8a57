import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseStatement } from '@scr/domain';
import { getAddress, verifyMessage } from 'ethers';
import type { PcsMessage, PcsReleaseAnswer } from './pcs-adapter.ts';

/**
 * How the stand-in behaves, for tests of a PCS that is slow or answers errors (a PCS that is
 * down: `stop()`): `normal`; `errors` answers 503 to every message; `slow` answers after
 * `delayMs`.
 */
export interface StandInBehaviour {
  mode: 'normal' | 'errors' | 'slow';
  delayMs: number;
}

const maxBody = 8 * 1024 * 1024;

/**
 * Our own PCS for development and tests (DESIGN §4), speaking the contract of
 * `pcs-adapter.ts` on its own port: Basic credentials, one answer per `messageId` (a message
 * sent again gets its first answer), the sender's signed statement checked (signed by the
 * sender, this action, exactly these releases). It holds releases in memory: a transfer of one
 * it holds for another sender, or whose validity has passed, is refused; a revoke of one it
 * does not hold answers `notInPcs`.
 */
export class PcsStandIn {
  readonly username = 'scr-portal';
  readonly password = randomBytes(18).toString('base64url');
  behaviour: StandInBehaviour = { mode: 'normal', delayMs: 0 };
  /** Messages as received (tests read what was sent, and how often). */
  readonly received: PcsMessage[] = [];
  private readonly held = new Map<string, { sender: string; reference: string }>();
  private readonly answered = new Map<string, PcsReleaseAnswer[]>();
  private server: Server | null = null;
  private port = 0;
  private sequence = 0;

  /** Listens on the loopback interface: `port` 0 picks a free one, kept for a restart. */
  async start(port = this.port): Promise<string> {
    if (this.server) return this.url;
    const server = createServer((request, response) => void this.handle(request, response));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.url;
  }

  /** Stops listening (a PCS that is down); `start()` again takes the same port. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Whether the stand-in holds a release (tests). */
  holds(address: string): boolean {
    return this.held.has(address.toLowerCase());
  }

  /** Drops a release as if the PCS had lost it (tests of "not available in PCS"). */
  forget(address: string): void {
    this.held.delete(address.toLowerCase());
  }

  private async handle(request: IncomingMessage, response: ServerResponse) {
    const send = (status: number, body: unknown) => {
      if (response.writableEnded || response.destroyed) return;
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    try {
      if (request.method !== 'POST' || request.url !== '/v1/messages') {
        return send(404, { message: 'not found' });
      }
      if (!this.authorised(request.headers.authorization)) {
        return send(401, { message: 'bad credentials' });
      }
      const body = await readBody(request);
      if (this.behaviour.mode === 'errors') return send(503, { message: 'PCS maintenance' });
      if (this.behaviour.mode === 'slow') await delay(this.behaviour.delayMs);
      const message = body as PcsMessage;
      const problem = messageProblem(message);
      if (problem) return send(422, { message: problem });
      this.received.push(message);
      const results = this.answered.get(message.messageId) ?? this.process(message);
      this.answered.set(message.messageId, results);
      send(200, { messageId: message.messageId, results });
    } catch {
      send(400, { message: 'bad request' });
    }
  }

  private authorised(header: string | undefined): boolean {
    const expected = Buffer.from(
      `Basic ${Buffer.from(`${this.username}:${this.password}`).toString('base64')}`,
    );
    const given = Buffer.from(header ?? '');
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private process(message: PcsMessage): PcsReleaseAnswer[] {
    const sender = message.sender.address.toLowerCase();
    const today = new Date().toISOString().slice(0, 10);
    return message.releases.map((release): PcsReleaseAnswer => {
      const key = release.address.toLowerCase();
      const held = this.held.get(key);
      if (message.action === 'revoke') {
        if (!held || held.sender !== sender) {
          return { address: release.address, status: 'refused', code: 'notInPcs' };
        }
        this.held.delete(key);
        return { address: release.address, status: 'accepted', reference: held.reference };
      }
      if (held && held.sender !== sender) {
        return {
          address: release.address,
          status: 'refused',
          code: 'heldByOther',
          message: 'Another party already sent this release to the PCS',
        };
      }
      if (release.validUntil < today) {
        return {
          address: release.address,
          status: 'refused',
          code: 'expired',
          message: 'The release is no longer valid',
        };
      }
      // A release it already holds for this sender is accepted again, with its reference.
      const reference = held?.reference ?? `CP-${(++this.sequence).toString().padStart(6, '0')}`;
      this.held.set(key, { sender, reference });
      return { address: release.address, status: 'accepted', reference };
    });
  }
}

/** Why a message cannot be taken: its shape, or a statement that is not the sender's for it. */
function messageProblem(message: PcsMessage): string | null {
  if (typeof message?.messageId !== 'string' || !Array.isArray(message.releases)) {
    return 'the message has no messageId or releases';
  }
  if (message.action !== 'transfer' && message.action !== 'revoke') return 'unknown action';
  try {
    const statement = parseStatement(message.statement);
    const signer = verifyMessage(message.statement, message.signature);
    if (getAddress(signer) !== getAddress(message.sender.address)) {
      return 'the statement is not signed by the sender';
    }
    const action = message.action === 'transfer' ? 'transferToPcs' : 'revokeFromPcs';
    if (statement.action !== action) return 'the statement is for another action';
    const covered = new Set(statement.releases.map((r) => r.address.toLowerCase()));
    const sent = message.releases.map((r) => r.address.toLowerCase());
    if (covered.size !== sent.length || sent.some((address) => !covered.has(address))) {
      return 'the statement does not cover exactly these releases';
    }
  } catch {
    return 'the statement or its signature cannot be read';
  }
  return null;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBody) throw new Error('too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
