import { servicePaths } from '@scr/domain';
import type { Params } from '@feathersjs/feathers';
import { createChallenge } from '../../auth/challenges.ts';
import { perIp } from '../../auth/rate-limit.ts';
import type { Application } from '../../declarations.ts';

export const authenticationChallengesPath = servicePaths.authenticationChallenges;

/**
 * `POST /api/authentication-challenges {address}` → a SIWE message with a single-use nonce.
 * Limited per IP only: every user of an organisation shares its address, and guessing is
 * limited where passwords and signatures are checked.
 */
export class AuthenticationChallengesService {
  constructor(private readonly app: Application) {}

  async create(data: { address?: unknown }, _params?: Params) {
    return createChallenge(this.app.get('knex'), this.app.get('config'), data?.address);
  }
}

export function authenticationChallenges(app: Application): void {
  app.use(authenticationChallengesPath, new AuthenticationChallengesService(app), {
    methods: ['create'],
    events: [],
  });
  app.service(authenticationChallengesPath).hooks({
    around: {
      create: [perIp(app.get('config'))],
    },
  });
}

declare module '../../declarations.ts' {
  interface ServiceTypes {
    [authenticationChallengesPath]: AuthenticationChallengesService;
  }
}
