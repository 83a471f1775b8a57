import type { OrganizationRole, Subscription } from '@scr/domain';

/** The signed-in person as the shell needs them (access spec §3 "Logged-in user"). */
export interface SessionUser {
  email: string;
  firstName: string;
  lastName: string;
  organization: {
    name: string;
    /** The organisation's wallet address, which identifies it on the chain. */
    address: string;
    role: OrganizationRole;
  };
  organizationId: number;
  subscriptions: Subscription[];
  isAdmin: boolean;
}

/**
 * `restoring` while a stored session is being checked (the guard waits), then `signedIn` or
 * `signedOut`.
 */
export type SessionStatus = 'restoring' | 'signedIn' | 'signedOut';

export interface Session {
  user: SessionUser | null;
  status: SessionStatus;
  /** Called by sign-in once the server has accepted the user. */
  signIn: (user: SessionUser) => void;
  /** Forgets the user; the caller then shows the logged-out page. */
  logout: () => void;
  /** Marks that a stored session is being checked, so guards wait instead of redirecting. */
  setRestoring: (restoring: boolean) => void;
}
