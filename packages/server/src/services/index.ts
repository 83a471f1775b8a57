import { authentication } from '../auth/authentication.ts';
import type { Application } from '../declarations.ts';
import { apiKeys } from './api-keys/api-keys.ts';
import { appInfo } from './app-info/app-info.ts';
import { auditTrail } from './audit-trail/audit-trail.ts';
import { authenticationChallenges } from './authentication-challenges/authentication-challenges.ts';
import { billOfLadingTerms } from './bill-of-lading-terms/bill-of-lading-terms.ts';
import { billsOfLading } from './bills-of-lading/bills-of-lading.ts';
import { connections } from './connections/connections.ts';
import { containers } from './containers/containers.ts';
import { custody } from './custody/custody.ts';
import { findUser } from './find-user/find-user.ts';
import { organizationFeatures } from './organization-features/organization-features.ts';
import { organizations } from './organizations/organizations.ts';
import { ports } from './ports/ports.ts';
import { preferences } from './preferences/preferences.ts';
import { releaseUploads } from './release-uploads/release-uploads.ts';
import { releases } from './releases/releases.ts';
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
  app.configure(releases);
  app.configure(releaseUploads);
  app.configure(custody);
  app.configure(billOfLadingTerms);
  app.configure(billsOfLading);
  app.configure(containers);
  app.configure(auditTrail);
  app.configure(preferences);
}
