import type { Language } from '@scr/domain';
import type { DemoOrgKey } from './demo-organizations.ts';

export interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  org: DemoOrgKey;
  description: string;
  isAdmin?: boolean;
  isSupport?: boolean;
  language: Language;
  /** Signs in with a 6-digit code sent by e-mail after the wallet. */
  twoFactorByEmail?: boolean;
  /** Has accepted neither the current EULA nor the carrier's terms yet. */
  newcomer?: boolean;
}

export const demoUsers: DemoUser[] = [
  {
    email: 'carrier@demo.test',
    firstName: 'Sofie',
    lastName: 'Peeters',
    org: 'carrier',
    description: 'carrier: publishes releases',
    isAdmin: true,
    language: 'en',
  },
  {
    email: 'forwarder@demo.test',
    firstName: 'Jonas',
    lastName: 'Claes',
    org: 'forwarder1',
    description: 'forwarder (SCR Premium)',
    language: 'nl',
  },
  {
    email: 'forwarder2@demo.test',
    firstName: 'Camille',
    lastName: 'Dubois',
    org: 'forwarder2',
    description: 'forwarder (SCR Premium free trial)',
    isAdmin: true,
    language: 'fr',
  },
  {
    email: 'haulier@demo.test',
    firstName: 'Pieter',
    lastName: 'De Smet',
    org: 'haulier',
    description: 'haulier (SCR Basic)',
    isAdmin: true,
    language: 'nl',
  },
  {
    email: 'terminal@demo.test',
    firstName: 'Hanne',
    lastName: 'Willems',
    org: 'terminal',
    description: 'terminal user (secure pick-up)',
    isAdmin: true,
    language: 'en',
  },
  {
    email: 'admin@demo.test',
    firstName: 'Marc',
    lastName: 'Van den Broeck',
    org: 'forwarder1',
    description: 'organisation admin of the first forwarder',
    isAdmin: true,
    language: 'en',
  },
  {
    email: 'support@demo.test',
    firstName: 'Lotte',
    lastName: 'Maes',
    org: 'support',
    description: 'portal support',
    isSupport: true,
    language: 'en',
  },
  {
    email: 'twofactor@demo.test',
    firstName: 'Elise',
    lastName: 'Janssens',
    org: 'forwarder2',
    description: 'forwarder with e-mail two-factor sign-in',
    language: 'en',
    twoFactorByEmail: true,
  },
  {
    email: 'expired@demo.test',
    firstName: 'Wim',
    lastName: 'Hermans',
    org: 'expired',
    description: 'user whose SCR subscription has expired',
    isAdmin: true,
    language: 'en',
  },
  {
    email: 'invited@demo.test',
    firstName: 'Nora',
    lastName: 'Vermeulen',
    org: 'invited',
    description: 'invited by the carrier: accepts the EULA and terms first',
    isAdmin: true,
    language: 'en',
    newcomer: true,
  },
];

/** Finalised connections: the forwarders with each other, and each with the carrier and haulier. */
export const demoConnections: Array<[DemoOrgKey, DemoOrgKey, string]> = [
  ['forwarder1', 'forwarder2', 'KF-DCL-0001'],
  ['forwarder1', 'carrier', 'SOL-KF-2231'],
  ['forwarder1', 'haulier', 'KF-WCT-0042'],
  ['forwarder2', 'carrier', 'SOL-DCL-1187'],
  ['forwarder2', 'haulier', 'DCL-WCT-0007'],
  // Releases spec §5: an alfaPass assignment needs a connection to the terminal's system.
  ['forwarder1', 'terminal', 'KF-SPT-0001'],
  ['haulier', 'terminal', 'WCT-SPT-0001'],
];
