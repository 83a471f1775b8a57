import type { IncomingMessage } from 'node:http';
import { AuthenticationBaseStrategy } from '@feathersjs/authentication';
import type { AuthenticationRequest, AuthenticationResult } from '@feathersjs/authentication';
import type { Params } from '@feathersjs/feathers';
import type { Features, OrganizationRole } from '@scr/domain';
import type { Application } from '../declarations.ts';
import { appError } from '../errors/app-error.ts';
import { isApiKeyScope, type ApiKeyScope } from './api-key-scopes.ts';
import { parseApiKey, secretMatches } from './api-key-secret.ts';
import { organizationFeatures } from './organization-features.ts';

/**
 * The machine a call comes from: an API key of one organisation with its scopes. Machines have
 * no `params.user`, so every service that needs a person (all of administration) refuses them.
 */
export interface ApiKeyIdentity {
  id: number;
  name: string;
  organizationId: number;
  organizationAddress: string;
  organizationRole: OrganizationRole;
  scopes: ApiKeyScope[];
  /** The organisation's feature flags today, as its people have them (e.g. canSeeTransferInfo). */
  features: Features;
}

declare module '@feathersjs/feathers' {
  interface Params {
    /** Set when the call authenticated with an API key (strategy `api-key`). */
    apiKey?: ApiKeyIdentity;
  }
}

const refused = () => appError('not_authenticated', { message: 'The API key is not valid.' });

/** Usage is recorded at most once a minute per key, not on every call. */
const lastUsedResolutionSeconds = 60;

/**
 * `Authorization: ApiKey scr_<prefix>_<secret>` (or `{strategy: "api-key", apiKey}`): finds the
 * key by its prefix, checks the salted hash in constant time, refuses unknown and revoked keys
 * with 401 not_authenticated, and records when the key was last used.
 */
export class ApiKeyStrategy extends AuthenticationBaseStrategy {
  async parse(req: IncomingMessage): Promise<AuthenticationRequest | null> {
    const match = /^ApiKey\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
    return match ? { strategy: this.name ?? 'api-key', apiKey: match[1] } : null;
  }

  async authenticate(data: AuthenticationRequest, _params: Params): Promise<AuthenticationResult> {
    const parsed = parseApiKey(data.apiKey);
    if (!parsed) throw refused();
    const knex = (this.app as Application).get('knex');
    const row = await knex('api_keys as k')
      .join('organizations as o', 'o.id', 'k.organization_id')
      .where('k.prefix', parsed.prefix)
      .first('k.*', 'o.address as org_address', 'o.role as org_role');
    if (!row || row.revoked_at || !secretMatches(row.salt, parsed.secret, row.secret_hash)) {
      throw refused();
    }
    await knex('api_keys')
      .where({ id: row.id })
      .where((q) =>
        q
          .whereNull('last_used_at')
          .orWhere(
            'last_used_at',
            '<',
            knex.raw(`now() - make_interval(secs => ?)`, [lastUsedResolutionSeconds]),
          ),
      )
      .update({ last_used_at: knex.fn.now() });
    const apiKey: ApiKeyIdentity = {
      id: row.id,
      name: row.name,
      organizationId: row.organization_id,
      organizationAddress: row.org_address,
      organizationRole: row.org_role,
      scopes: (row.scopes as unknown[]).filter(isApiKeyScope),
      features: await organizationFeatures(knex, row.organization_id),
    };
    return { apiKey, authentication: { strategy: 'api-key' } };
  }
}
