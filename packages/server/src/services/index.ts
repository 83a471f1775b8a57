import { authentication } from '../auth/authentication.ts';
import type { Application } from '../declarations.ts';
import { apiKeys } from './api-keys/api-keys.ts';
import { appInfo } from './app-info/app-info.ts';
import { authenticationChallenges } from './authentication-challenges/authentication-challenges.ts';
import { connections } from './connections/connections.ts';
import { findUser } from './find-user/find-user.ts';
import { organizationFeatures } from './organization-features/organization-features.ts';
import { organizations } from './organizations/organizations.ts';
import { ports } from './ports/ports.ts';
import { subscriptions } from './subscriptions/subscriptions.ts';
import { terminals } from './terminals/terminals.ts';
import { twoFactor } from './two-factor/two-factor.ts';
import { users } from './users/users.ts';

/** Registers every service. Add each new service folder here. */
export function services(app: Application): void {
  app.configure(appInfo);
  app.configure(users);
  app.configure(authentication);
  app.configure(authenticationChallenges);
  app.configure(findUser);
  app.configure(twoFactor);
  app.configure(organizations);
  app.configure(subscriptions);
  app.configure(organizationFeatures);
  app.configure(connections);
  app.configure(terminals);
  app.configure(ports);
  app.configure(apiKeys);
}
