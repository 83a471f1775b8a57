import * as client from 'openid-client';

/** Who registered, as the provider answers it: `sub` becomes the driver's itsme code. */
export interface ItsmeIdentity {
  sub: string;
  givenName: string;
  familyName: string;
}

/** What one registration link binds: the state plus the PKCE verifier and nonce of its request. */
export interface ItsmeRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/**
 * The itsme registration of drivers (DESIGN §4): OpenID Connect's authorization code flow with
 * PKCE. The real implementation talks to the configured issuer; outside production the stand-in
 * is our own local provider (`stand-in-provider.ts`) driven by this same client code.
 */
export interface ItsmeAdapter {
  /** The provider's authorization URL the driver opens (the link of the e-mail). */
  authorizationUrl(request: ItsmeRequest): Promise<string>;
  /** Exchanges the code the provider redirected with; throws when the provider refuses it. */
  identify(request: ItsmeRequest & { code: string }): Promise<ItsmeIdentity>;
}

export interface OpenIdItsmeOptions {
  /** The client's configuration at the provider: by discovery, or built from known metadata. */
  configuration: () => Promise<client.Configuration>;
  /** `PUBLIC_URL/itsme-confirm`: the portal's page the provider sends the driver back to. */
  redirectUri: () => string;
  scope: string;
}

/** The ItsmeAdapter on openid-client. */
export function openIdItsme(options: OpenIdItsmeOptions): ItsmeAdapter {
  let configuration: Promise<client.Configuration> | null = null;
  // Discovery once; a failure is retried on the next call rather than remembered.
  const configured = () =>
    (configuration ??= options.configuration().catch((error: unknown) => {
      configuration = null;
      throw error;
    }));
  return {
    async authorizationUrl({ state, codeVerifier, nonce }) {
      const config = await configured();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: options.redirectUri(),
        scope: options.scope,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      return url.href;
    },
    async identify({ code, state, codeVerifier, nonce }) {
      const config = await configured();
      // The redirect the browser received, rebuilt from what the confirm page posted.
      const callback = new URL(options.redirectUri());
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      const metadata = config.serverMetadata();
      if (metadata.authorization_response_iss_parameter_supported) {
        // RFC 9207 mix-up defence: this client knows one provider only, so its issuer is the one.
        callback.searchParams.set('iss', metadata.issuer);
      }
      const tokens = await client.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
        expectedNonce: nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('The provider answered no ID token.');
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
      return {
        sub: claims.sub,
        givenName: text(info.given_name ?? claims.given_name),
        familyName: text(info.family_name ?? claims.family_name),
      };
    },
  };
}

/** The configured issuer, by OpenID discovery (plain http allowed only when configured so). */
export function discoveredConfiguration(issuer: {
  issuerUrl: string;
  clientId: string;
  clientSecret: string;
}): () => Promise<client.Configuration> {
  return () =>
    client.discovery(
      new URL(issuer.issuerUrl),
      issuer.clientId,
      undefined,
      client.ClientSecretBasic(issuer.clientSecret),
      issuer.issuerUrl.startsWith('http:') ? { execute: [client.allowInsecureRequests] } : {},
    );
}
