import { authentication } from '../auth/authentication.ts';
import type { Application } from '../declarations.ts';
import { appInfo } from './app-info/app-info.ts';
import { authenticationChallenges } from './authentication-challenges/authentication-challenges.ts';
import { findUser } from './find-user/find-user.ts';
import { users } from './users/users.ts';

/** Registers every service. Add each new service folder here. */
export function services(app: Application): void {
  app.configure(appInfo);
  app.configure(users);
  app.configure(authentication);
  app.configure(authenticationChallenges);
  app.configure(findUser);
}
