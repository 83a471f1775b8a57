import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from '@feathersjs/koa';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import * as client from 'openid-client';

/** Where the portal mounts its stand-in itsme provider (the issuer is `PUBLIC_URL` + this). */
export const standInPath = '/itsme-provider';

export interface StandInOrigins {
  /** The origin browsers reach the portal at (PUBLIC_URL, with the real port when it was 0). */
  public: string;
  /** The origin the server reaches itself at (loopback), for the token and userinfo calls. */
  internal: string;
}

/**
 * The stand-in for itsme outside production (DESIGN §4): an OpenID provider of our own
 * (oidc-provider) mounted on the portal at `/itsme-provider`, with one confidential client whose
 * redirect is `/itsme-confirm`. Its login page asks a tester for a given and family name and an
 * approval; the subject (the driver's itsme code) is derived from those names, so the same person
 * gets the same code again, as with itsme. Everything it keeps lives in memory.
 *
 * Built at the first request: the issuer needs the port the portal listens on.
 */
export class ItsmeStandIn {
  readonly clientId = 'scr-portal';
  readonly clientSecret = randomBytes(24).toString('base64url');
  private built: { provider: Provider; issuer: string; origins: StandInOrigins } | null = null;
  private readonly accounts = new Map<string, { givenName: string; familyName: string }>();

  constructor(private readonly origins: () => StandInOrigins) {}

  get issuer(): string {
    return this.instance().issuer;
  }

  /** The client configuration for openid-client: public authorization URL, loopback back channel. */
  async configuration(): Promise<client.Configuration> {
    const { provider, issuer, origins } = this.instance();
    // `pathFor` is public in oidc-provider 8 but missing from its type definitions.
    const pathFor = (route: string) =>
      (provider as unknown as { pathFor(name: string): string }).pathFor(route);
    const internal = (route: string) => `${origins.internal}${pathFor(route)}`;
    const config = new client.Configuration(
      {
        issuer,
        authorization_endpoint: `${origins.public}${pathFor('authorization')}`,
        token_endpoint: internal('token'),
        userinfo_endpoint: internal('userinfo'),
        jwks_uri: internal('jwks'),
        authorization_response_iss_parameter_supported: true,
        id_token_signing_alg_values_supported: ['RS256'],
      },
      this.clientId,
      undefined,
      client.ClientSecretBasic(this.clientSecret),
    );
    client.allowInsecureRequests(config);
    return config;
  }

  /** Koa middleware answering everything under `/itsme-provider`; other paths pass on. */
  middleware(): Middleware {
    return async (ctx, next) => {
      if (ctx.path !== standInPath && !ctx.path.startsWith(`${standInPath}/`)) return next();
      const { provider } = this.instance();
      ctx.respond = false;
      const { req, res } = ctx;
      const interaction = /^\/itsme-provider\/interaction\/([\w-]+)$/.exec(ctx.path);
      if (interaction) {
        await this.interaction(provider, req, res, ctx.method);
        return;
      }
      // Mounted like Express would: oidc-provider reads its mount path from `originalUrl`.
      const mounted = req as IncomingMessage & { originalUrl?: string };
      mounted.originalUrl = req.url;
      req.url = req.url!.slice(standInPath.length) || '/';
      await provider.callback()(req, res);
    };
  }

  private instance() {
    if (this.built) return this.built;
    const origins = this.origins();
    const issuer = `${origins.public}${standInPath}`;
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      format: 'jwk',
    });
    const accounts = this.accounts;
    const provider = new Provider(issuer, {
      adapter: memoryAdapter(),
      jwks: { keys: [{ ...key, kid: 'stand-in', use: 'sig', alg: 'RS256' }] },
      cookies: { keys: [randomBytes(32).toString('hex')] },
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: [`${origins.public}/itsme-confirm`],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], profile: ['given_name', 'family_name'] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      // Short lives: a tester registers within minutes; nothing here outlives a restart anyway.
      ttl: {
        AccessToken: 600,
        AuthorizationCode: 120,
        Grant: 600,
        IdToken: 600,
        Interaction: 3_600,
        Session: 600,
      },
      interactions: { url: (_ctx, details) => `${standInPath}/interaction/${details.uid}` },
      findAccount: (_ctx, sub) => {
        const account = accounts.get(sub);
        if (!account) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            given_name: account.givenName,
            family_name: account.familyName,
          }),
        };
      },
    });
    this.built = { provider, issuer, origins };
    return this.built;
  }

  /** The stand-in's login page: GET shows the form, POST approves (or cancels) the request. */
  private async interaction(
    provider: Provider,
    req: IncomingMessage,
    res: ServerResponse,
    method: string,
  ) {
    let details: Awaited<ReturnType<Provider['interactionDetails']>>;
    try {
      details = await provider.interactionDetails(req, res);
    } catch {
      return page(res, 400, '<p>This sign-in request has expired. Start again from the link.</p>');
    }
    if (method === 'GET') return page(res, 200, loginForm(''));
    if (method !== 'POST') return page(res, 405, '<p>Method not allowed.</p>');
    const form = new URLSearchParams(await readBody(req));
    if (form.get('action') === 'cancel') {
      return provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person did not approve.' },
        { mergeWithLastSubmission: false },
      );
    }
    const givenName = (form.get('given_name') ?? '').trim();
    const familyName = (form.get('family_name') ?? '').trim();
    if (!givenName || !familyName) {
      return page(res, 400, loginForm('Enter a given name and a family name.'));
    }
    const accountId = `stand-in-${createHash('sha256')
      .update(`${givenName.toLowerCase()}\n${familyName.toLowerCase()}`)
      .digest('hex')
      .slice(0, 32)}`;
    this.accounts.set(accountId, { givenName, familyName });
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function loginForm(error: string) {
  return `<h1>itsme (stand-in)</h1>
<p>This is the portal's local stand-in for itsme, for development and tests only.</p>
${error ? `<p role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post">
  <p><label>Given name <input name="given_name" autocomplete="off" required></label></p>
  <p><label>Family name <input name="family_name" autocomplete="off" required></label></p>
  <p><button type="submit" name="action" value="approve">Approve</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button></p>
</form>`;
}

function page(res: ServerResponse, status: number, body: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/html; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>itsme (stand-in)</title>${body}</html>`,
  );
}

async function readBody(req: IncomingMessage, limit = 16_384): Promise<string> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > limit) throw new Error('The form is too large.');
  }
  return body;
}

/** oidc-provider's storage, in memory (the stand-in keeps nothing across restarts). */
function memoryAdapter() {
  const store = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const live = (key: string) => {
    const entry = store.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      store.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return class MemoryAdapter implements Adapter {
    constructor(private readonly name: string) {}

    private key(id: string) {
      return `${this.name}:${id}`;
    }

    private findBy(test: (payload: AdapterPayload) => boolean) {
      for (const key of store.keys()) {
        if (!key.startsWith(`${this.name}:`)) continue;
        const payload = live(key);
        if (payload && test(payload)) return payload;
      }
      return undefined;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      for (const key of store.keys()) live(key);
      store.set(this.key(id), {
        payload,
        expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : Infinity,
      });
    }

    async find(id: string) {
      return live(this.key(id));
    }

    async findByUid(uid: string) {
      return this.findBy((payload) => payload.uid === uid);
    }

    async findByUserCode(userCode: string) {
      return this.findBy((payload) => payload.userCode === userCode);
    }

    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string) {
      store.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) {
        if (entry.payload.grantId === grantId) store.delete(key);
      }
    }
  };
}
