import type { DemoOrgKey } from './demo-organizations.ts';

/**
 * The BL numbers the browser journeys rely on (e2e tests import or copy them). All four are the
 * demo carrier's (Scheldt Ocean Line NV).
 */
export const demoReleaseBls = {
  /** 3 containers, passed by the carrier to forwarder@demo.test's organisation, which owns them. */
  forwarderOwned: 'SOLANR2611001',
  /** 2 containers, passed carrier → forwarder@demo.test's organisation → haulier@demo.test's. */
  haulierOwned: 'SOLANR2611002',
  /** 4 reefers kept by the carrier; one of them (`demoBlockedContainer`) blocked by the carrier. */
  withBlocked: 'SOLANR2611003',
  /** 1 container kept by the carrier. */
  carrierOwned: 'SOLANR2611004',
  /**
   * 2 containers at Secure Pick-up terminals (1742 in Antwerp: alfaPass, 1700 at Genk: itsme), passed carrier →
   * forwarder@demo.test's organisation → haulier@demo.test's, which assigns them (issue 11).
   */
  haulierSecurePickup: 'SOLANR2611005',
} as const;

/** The container of `demoReleaseBls.withBlocked` the carrier has blocked. */
export const demoBlockedContainer = 'TGHU5120937';

export interface DemoContainer {
  containerNumber: string;
  isoTypeCode: string;
  /** A demo terminal that allows pins (demo-ports.ts). */
  pickupLocation: string;
  /** Six digits; sealed to the carrier at creation, never stored in clear. */
  pincode: string;
  turnInLocation?: string;
  turnInReference?: string;
}

export interface DemoBillOfLading {
  blNumber: string;
  portOfLoading: string;
  portOfDestination: string;
  vessel: string;
  voyageNumber: string;
  agent: string;
  stayNumber: string;
  lloydsNumber: string;
  /** Days from today the releases stay valid. */
  validForDays: number;
  containers: DemoContainer[];
  /** The organisations the BL's releases were passed to, in order, after the carrier. */
  passedTo: DemoOrgKey[];
}

const agent = 'Scheldt Ocean Agencies Antwerp';

/** The demo carrier's bills of lading: twelve releases on five BLs, discharged at Antwerp. */
export const demoBillsOfLading: DemoBillOfLading[] = [
  {
    blNumber: demoReleaseBls.forwarderOwned,
    portOfLoading: 'CNSHA',
    portOfDestination: 'BEANR',
    vessel: 'Scheldt Pioneer',
    voyageNumber: '046W',
    agent,
    stayNumber: '264518',
    lloydsNumber: '9839272',
    validForDays: 21,
    containers: [
      {
        containerNumber: 'SOLU4217762',
        isoTypeCode: '45G1',
        pickupLocation: '1742',
        pincode: '482916',
      },
      {
        containerNumber: 'SOLU4217818',
        isoTypeCode: '45G1',
        pickupLocation: '1742',
        pincode: '730254',
      },
      {
        containerNumber: 'TCLU6830214',
        isoTypeCode: '22G1',
        pickupLocation: '1742',
        pincode: '165839',
      },
    ],
    passedTo: ['forwarder1'],
  },
  {
    blNumber: demoReleaseBls.haulierOwned,
    portOfLoading: 'USNYC',
    portOfDestination: 'BEANR',
    vessel: 'Noordzee Express',
    voyageNumber: '118E',
    agent,
    stayNumber: '265031',
    lloydsNumber: '9702144',
    validForDays: 14,
    containers: [
      {
        containerNumber: 'SOLU7332409',
        isoTypeCode: '22G1',
        pickupLocation: '1333',
        pincode: '307642',
        turnInLocation: 'K420',
        turnInReference: 'RTN-7332409',
      },
      {
        containerNumber: 'SOLU7332559',
        isoTypeCode: '22G1',
        pickupLocation: '1333',
        pincode: '951378',
        turnInLocation: 'K420',
        turnInReference: 'RTN-7332559',
      },
    ],
    passedTo: ['forwarder1', 'haulier'],
  },
  {
    blNumber: demoReleaseBls.withBlocked,
    portOfLoading: 'BRSSZ',
    portOfDestination: 'BEANR',
    vessel: 'Brabo Trader',
    voyageNumber: '0427N',
    agent,
    stayNumber: '264977',
    lloydsNumber: '9461790',
    validForDays: 30,
    containers: [
      {
        containerNumber: 'SOLU9004158',
        isoTypeCode: '45R1',
        pickupLocation: '869',
        pincode: '618205',
      },
      {
        containerNumber: demoBlockedContainer,
        isoTypeCode: '45R1',
        pickupLocation: '869',
        pincode: '274093',
      },
      {
        containerNumber: 'SOLU1182641',
        isoTypeCode: '45R1',
        pickupLocation: '869',
        pincode: '849561',
      },
      {
        containerNumber: 'CAIU7765307',
        isoTypeCode: '45R1',
        pickupLocation: '869',
        pincode: '503718',
      },
    ],
    passedTo: [],
  },
  {
    blNumber: demoReleaseBls.carrierOwned,
    portOfLoading: 'SGSIN',
    portOfDestination: 'BEANR',
    vessel: 'Schelde Horizon',
    voyageNumber: '231W',
    agent,
    stayNumber: '265102',
    lloydsNumber: '9893127',
    validForDays: 7,
    containers: [
      {
        containerNumber: 'SOLU6047120',
        isoTypeCode: '42G1',
        pickupLocation: '913',
        pincode: '392847',
      },
    ],
    passedTo: [],
  },
  {
    blNumber: demoReleaseBls.haulierSecurePickup,
    portOfLoading: 'CNNGB',
    portOfDestination: 'BEANR',
    vessel: 'Scheldt Guardian',
    voyageNumber: '052W',
    agent,
    stayNumber: '265240',
    lloydsNumber: '9812455',
    validForDays: 18,
    containers: [
      {
        containerNumber: 'SOLU2205314',
        isoTypeCode: '45G1',
        pickupLocation: '1742',
        pincode: '846120',
      },
      {
        containerNumber: 'SOLU2205464',
        isoTypeCode: '22G1',
        pickupLocation: '1700',
        pincode: '219573',
      },
    ],
    passedTo: ['forwarder1', 'haulier'],
  },
];

/** Who acts for each organisation when the demo releases are created and passed along. */
export const demoReleaseActors: Partial<Record<DemoOrgKey, string>> = {
  carrier: 'carrier@demo.test',
  forwarder1: 'forwarder@demo.test',
  haulier: 'haulier@demo.test',
};
