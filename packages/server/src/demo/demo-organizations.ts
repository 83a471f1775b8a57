import { requestForReleasePlanId, type FeatureFlag, type OrganizationRole } from '@scr/domain';

/** The demo world's organisations, keyed so users, plans and connections can refer to them. */
export type DemoOrgKey =
  | 'carrier'
  | 'forwarder1'
  | 'forwarder2'
  | 'haulier'
  | 'terminal'
  | 'support'
  | 'expired'
  | 'invited';

export interface DemoOrganization {
  key: DemoOrgKey;
  name: string;
  role: OrganizationRole;
  /** What the organisation is in the chain, for the account list. */
  kind: string;
  vat: string;
  streetNbr: string;
  postalCode: string;
  city: string;
  /** Plans (access spec §9): the wallet plan first, then the SCR plan. */
  plans: [wallet: number, scr: number];
  features: FeatureFlag[];
  /** The SCR plan ended last week: its users meet the subscription-expired screen. */
  scrPlanEnded?: boolean;
  /** Invited by the carrier: its users accept the carrier's terms first. */
  invitedByMsc?: boolean;
  /** A carrier enabled for Secure Pick-up (releases spec §6: terminal and carrier). */
  securePickup?: boolean;
  /**
   * A linked port-community account (C-Point): Antwerp assignments need it (releases spec §5
   * "Assign identification").
   */
  portCommunityLinked?: boolean;
  /**
   * Plan 11: the carriers it may send requests for release to (access spec §9: the remark of
   * subscription 11 lists their organisation ids; the plan gives canRequestForRelease).
   */
  requestsReleasesFrom?: DemoOrgKey[];
}

const chainFeatures: FeatureFlag[] = [
  'canFetchPincode',
  'canSeeTransferInfo',
  'canTransferRevoke',
  'canBulkOperations',
  'canDashboard',
  'canContainerView',
  'canAuditTrail',
  'canNotifyPerBl',
  'canDocuments',
];

const premiumFeatures: FeatureFlag[] = [
  ...chainFeatures,
  'canGreenLights',
  'canNmot',
  'canAssignDriver',
  'canAssignBarge',
  'canAssignTrain',
  'canRequestForRelease',
];

const org = (o: Omit<DemoOrganization, 'role'> & { role?: OrganizationRole }) =>
  ({ role: 'other', ...o }) as DemoOrganization;

export const demoOrganizations: DemoOrganization[] = [
  org({
    key: 'carrier',
    name: 'Scheldt Ocean Line NV',
    role: 'carrier',
    kind: 'carrier (shipping line)',
    vat: 'BE0478.215.903',
    streetNbr: 'Noorderlaan 147',
    postalCode: '2030',
    city: 'Antwerpen',
    plans: [1, 4],
    features: chainFeatures,
    securePickup: true,
  }),
  org({
    key: 'forwarder1',
    name: 'Kempen Forwarding BV',
    kind: 'forwarder (SCR Premium)',
    vat: 'BE0641.332.018',
    streetNbr: 'Italiëlei 24',
    postalCode: '2000',
    city: 'Antwerpen',
    plans: [1, 4],
    features: premiumFeatures,
    portCommunityLinked: true,
    requestsReleasesFrom: ['carrier'],
  }),
  org({
    key: 'forwarder2',
    name: 'Delta Customs & Logistics NV',
    kind: 'forwarder (SCR Premium free trial)',
    vat: 'BE0723.604.551',
    streetNbr: 'Satenrozen 3',
    postalCode: '2550',
    city: 'Kontich',
    plans: [1, 5],
    features: premiumFeatures,
    requestsReleasesFrom: ['carrier'],
  }),
  org({
    key: 'haulier',
    name: 'Waasland Container Transport BV',
    kind: 'haulier (SCR Basic)',
    vat: 'BE0559.871.246',
    streetNbr: 'Industriepark-West 12',
    postalCode: '9100',
    city: 'Sint-Niklaas',
    plans: [2, 10],
    // Secure pick-up (issue 11): it assigns drivers, barges and trains and chooses the next
    // mode of transport at the demo's Secure Pick-up terminals.
    features: [
      'canFetchPincode',
      'canAssignDriver',
      'canAssignBarge',
      'canAssignTrain',
      'canNmot',
      'canContainerView',
    ],
    portCommunityLinked: true,
  }),
  org({
    key: 'terminal',
    name: 'Scheldeport Terminals NV',
    role: 'terminal',
    kind: 'terminal operator (SCR API)',
    vat: 'BE0412.097.665',
    streetNbr: 'Kaai 1742, Sint-Antoniusweg 1',
    postalCode: '9130',
    city: 'Beveren',
    plans: [1, 3],
    features: ['canAuditTrail', 'canGreenLights'],
  }),
  org({
    key: 'support',
    name: 'SCR Portal Support',
    kind: 'portal support desk',
    vat: 'BE0799.310.482',
    streetNbr: 'Brouwersvliet 33',
    postalCode: '2000',
    city: 'Antwerpen',
    plans: [1, 4],
    features: [],
  }),
  org({
    key: 'expired',
    name: 'Old Harbour Trading BV',
    kind: 'forwarder whose SCR Premium subscription ended',
    vat: 'BE0836.114.720',
    streetNbr: 'Londenstraat 52',
    postalCode: '2000',
    city: 'Antwerpen',
    plans: [1, 4],
    features: [],
    scrPlanEnded: true,
  }),
  org({
    key: 'invited',
    name: 'Polder Freight Services BV',
    kind: 'haulier invited by the carrier',
    vat: 'BE0690.528.374',
    streetNbr: 'Polderdijkweg 16',
    postalCode: '2030',
    city: 'Antwerpen',
    plans: [1, 4],
    features: [],
    invitedByMsc: true,
  }),
];

/** The plan-11 subscriptions of the organisations that request releases, their remarks filled. */
export function demoRequestPlans(idOf: (key: DemoOrgKey) => number, startDate: string) {
  return demoOrganizations
    .filter((org) => org.requestsReleasesFrom?.length)
    .map((org) => ({
      organization_id: idOf(org.key),
      subscription_id: requestForReleasePlanId,
      start_date: startDate,
      remark: org.requestsReleasesFrom!.map(idOf).join(', '),
    }));
}
