/**
 * What a machine's API key may do (DESIGN §4): the one list of scopes, in domain `api/admin.ts`
 * so the admin section offers exactly these. Services that accept API keys name one of these in
 * `requireScope`.
 */
export { apiKeyScopes, isApiKeyScope, type ApiKeyScope } from '@scr/domain';
