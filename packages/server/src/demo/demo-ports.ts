import type { DemoOrgKey } from './demo-organizations.ts';

export interface DemoPort {
  locode: string;
  name: string;
  country: string;
}

export const demoPorts: DemoPort[] = [
  { locode: 'BEANR', name: 'Antwerp', country: 'BE' },
  { locode: 'BEZEE', name: 'Zeebrugge', country: 'BE' },
  { locode: 'BEGNE', name: 'Ghent', country: 'BE' },
  { locode: 'BEGNK', name: 'Genk (Port of Limburg)', country: 'BE' },
  { locode: 'NLRTM', name: 'Rotterdam', country: 'NL' },
  { locode: 'DEHAM', name: 'Hamburg', country: 'DE' },
  { locode: 'DEBRV', name: 'Bremerhaven', country: 'DE' },
  { locode: 'FRLEH', name: 'Le Havre', country: 'FR' },
];

export interface DemoTerminal {
  code: string;
  name: string;
  port: string;
  identificationMethod: 'alfapass' | 'itsme' | null;
  pinsAllowed: boolean;
  securePickup: boolean;
  greenLights: boolean;
  owner: DemoOrgKey | null;
}

const antwerp = (code: string, name: string, more: Partial<DemoTerminal> = {}): DemoTerminal => ({
  code,
  name,
  port: 'BEANR',
  identificationMethod: 'alfapass',
  pinsAllowed: true,
  securePickup: true,
  greenLights: true,
  owner: 'terminal',
  ...more,
});

/** Releases spec §9: no green lights at CSP120, K420, 120 and 420. */
const withoutGreenLights = { greenLights: false, securePickup: false, owner: null };

export const demoTerminals: DemoTerminal[] = [
  antwerp('1742', 'MPET Deurganck Terminal'),
  antwerp('869', 'PSA Europa Terminal'),
  antwerp('913', 'PSA Noordzee Terminal'),
  antwerp('1333', 'Churchill Dock Multipurpose', { securePickup: false, owner: null }),
  antwerp('CSP120', 'CSP Kaai 120', { ...withoutGreenLights, identificationMethod: null }),
  antwerp('K420', 'Kaai 420 Empty Depot', { ...withoutGreenLights, pinsAllowed: false }),
  antwerp('120', 'Kaai 120 Barge Terminal', withoutGreenLights),
  antwerp('420', 'Kaai 420 Container Terminal', withoutGreenLights),
  // Port of Limburg: its rule is itsme (domain portIdentificationMethods), as Antwerp's is alfaPass.
  {
    code: '1700',
    name: 'Haven Genk Container Terminal',
    port: 'BEGNK',
    identificationMethod: 'itsme',
    pinsAllowed: true,
    securePickup: true,
    // Green lights are an Antwerp (BEANR) service.
    greenLights: false,
    owner: 'terminal',
  },
  {
    code: 'ZEE-CSP',
    name: 'CSP Zeebrugge Terminal',
    port: 'BEZEE',
    identificationMethod: null,
    pinsAllowed: true,
    securePickup: false,
    // Green lights are an Antwerp (BEANR) service.
    greenLights: false,
    owner: null,
  },
  {
    code: 'RTM-DELTA',
    name: 'Delta Container Terminal Maasvlakte',
    port: 'NLRTM',
    identificationMethod: null,
    pinsAllowed: true,
    securePickup: false,
    // Green lights are an Antwerp (BEANR) service.
    greenLights: false,
    owner: null,
  },
];
