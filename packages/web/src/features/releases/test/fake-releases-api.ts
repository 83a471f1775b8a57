import type {
  AssignLocation,
  AuditTrailEntry,
  BillOfLadingRow,
  ContainerRow,
  CustodyAction,
  CustodyApplyRequest,
  CustodyApplyResult,
  CustodyDryRunAnswer,
  CustodyDryRunRequest,
  EvidenceBundle,
  EvidenceScope,
  NmotAnswer,
  NmotRequest,
  OrganizationLookup,
  Page,
  PreferencesChange,
  PreferencesView,
  ReleaseNoticePayload,
  TerminalOption,
} from '@scr/domain';
import { noticeBlsOf, statusFlags } from '@scr/domain';
import { vi } from 'vitest';
import type { OverviewQuery } from '../api/overview-query.ts';
import type { ReleasesApi } from '../api/releases-api.ts';

export const terminals: TerminalOption[] = [
  { code: '1742', name: 'MPET Deurganck Terminal', portLocode: 'BEANR', portName: 'Antwerp' },
  { code: '869', name: 'PSA Europa Terminal', portLocode: 'BEANR', portName: 'Antwerp' },
];

export function billOfLading(changes: Partial<BillOfLadingRow> = {}): BillOfLadingRow {
  return {
    id: 1,
    blNumber: 'SOLU1234567',
    portOfLoading: 'Shanghai',
    portOfDestination: 'Antwerp',
    vessel: 'Scheldt Star',
    agent: 'Scheldt Ocean Agency',
    stayNumber: '240101',
    lloydsNumber: '9876543',
    voyageNumber: 'V042',
    isSecurePickup: false,
    creator: 'Scheldt Ocean Line NV',
    containerCount: 2,
    address: '0xb1',
    containers: [],
    assignLocationLabel: null,
    ...changes,
  };
}

export function container(changes: Partial<ContainerRow> = {}): ContainerRow {
  const address = changes.address ?? '0xr1';
  return {
    id: 1,
    address,
    releaseAddress: address,
    version: 1,
    billOfLadingId: 1,
    blNumber: 'SOLU1234567',
    containerNumber: 'MSKU1234565',
    isoTypeCode: '20DV',
    vessel: 'Scheldt Star',
    voyageNumber: 'V042',
    pickupLocation: '1742',
    pickupPort: 'BEANR',
    turnInLocation: null,
    turnInReference: null,
    turnInLocationBarge: null,
    turnInReferenceBarge: null,
    turnInLocationRail: null,
    turnInReferenceRail: null,
    validFrom: '2030-01-01',
    validUntil: '2030-03-01',
    releasedOn: '2030-01-01',
    releaseStatus: 'released',
    transferStatus: 'owned',
    receivedFrom: null,
    transferTo: null,
    prevParty: null,
    nextParty: null,
    owner: null,
    creator: 'Scheldt Ocean Line NV',
    ediName: null,
    ediLocode: null,
    ...statusFlags(changes.releaseStatus ?? 'released'),
    isSecurePickup: false,
    sentToPcs: false,
    ediPcs: null,
    hasPincode: false,
    pincode_logs: [],
    nextModeOfTransport: null,
    assignedDriverName: null,
    assignedBargeName: null,
    assignedTrainName: null,
    assignedVisitNumber: null,
    greenLights: null,
    createdAt: '2030-01-01T08:00:00.000Z',
    updatedAt: '2030-01-01T08:00:00.000Z',
    ...changes,
  };
}

const page = <T>(data: T[], query: OverviewQuery): Page<T> => ({
  total: data.length,
  limit: query.limit,
  skip: query.skip,
  data: data.slice(query.skip, query.skip + query.limit),
});

/** The organisation transfers go to in the fake: a finalised connection with a sealing key. */
export const connection: OrganizationLookup = {
  id: 31,
  name: 'Kempen Haulage',
  address: '0xa7a7',
  role: 'other',
  sealingPublicKey: 'kempen-sealing-key',
  streetNumber: 'Kaai 12',
  postalCode: '2030',
  city: 'Antwerpen',
  reference: null,
  customerReference: null,
};

export interface FakeData {
  bills?: BillOfLadingRow[];
  containers?: ContainerRow[];
  /** What the server answers; a part stands for a saved row with fields missing or out of range. */
  preferences?: PreferencesChange;
  /** The ledger events `auditTrail` answers, for the releases asked. */
  auditTrail?: AuditTrailEntry[];
  /** What `assign-locations` answers; none by default (no pickupMethod column). */
  assignLocations?: AssignLocation[];
}

/** A releases API in memory: every method a spy, live events sent with `emit`. */
export function fakeReleasesApi(data: FakeData = {}) {
  const listeners = new Set<(notice: ReleaseNoticePayload) => void>();
  const bills = data.bills ?? [billOfLading()];
  const containers = data.containers ?? [container()];
  const row = (address: string) => containers.find((c) => c.address === address) ?? container();
  const api = {
    findBillsOfLading: vi.fn(async (query: OverviewQuery) => page(bills, query)),
    findContainers: vi.fn(async (query: OverviewQuery, blNumber?: string) =>
      page(
        containers.filter((row) => blNumber === undefined || row.blNumber === blNumber),
        query,
      ),
    ),
    getPreferences: vi.fn(
      async () => (data.preferences ?? { hiddenColumns: {}, options: {} }) as PreferencesView,
    ),
    savePreferences: vi.fn(
      async (change: PreferencesChange) =>
        ({ hiddenColumns: {}, options: {}, ...change }) as PreferencesView,
    ),
    createRelease: vi.fn(async () => container()),
    editReleases: vi.fn(async (addresses: readonly string[]) =>
      addresses.map((address) => ({ address, release: container({ address }) })),
    ),
    deleteReleases: vi.fn(async (addresses: readonly string[]) =>
      addresses.map((address) => ({ address, release: container({ address }) })),
    ),
    uploadReleases: vi.fn(),
    fetchTerms: vi.fn(async () => '<p>Terms</p>'),
    findTerminals: vi.fn(async () => terminals),
    findPorts: vi.fn(async () => [{ locode: 'BEANR', name: 'Antwerp', country: 'BE' }]),
    findAssignLocations: vi.fn(async () => data.assignLocations ?? []),
    // Custody: everything asked is eligible at its version, without a pincode, and applied.
    custodyDryRun: vi.fn(
      async (
        action: CustodyAction,
        request: CustodyDryRunRequest,
      ): Promise<CustodyDryRunAnswer> => ({
        action,
        eligible_releases: request.release_addresses.map((address) => ({
          address,
          blNumber: row(address).blNumber,
          containerNumber: row(address).containerNumber,
          version: row(address).version,
          encryptedPincode: null,
          pincodeHash: null,
        })),
        refused: [],
        ...(action === 'transfer'
          ? {
              target: {
                id: 31,
                address: '0xa7a7',
                name: 'Kempen Haulage',
                sealingPublicKey: 'kempen-sealing-key',
              },
            }
          : {}),
        serverTime: new Date().toISOString(),
      }),
    ),
    custodyApply: vi.fn(
      async (action: CustodyAction, request: CustodyApplyRequest): Promise<CustodyApplyResult> => ({
        action,
        applied: request.release_addresses.map(({ address, version }) => ({
          address,
          blNumber: row(address).blNumber,
          containerNumber: row(address).containerNumber,
          version: version + 1,
        })),
        statementHash: '0x5747',
        ...(action === 'pincode'
          ? {
              data: request.release_addresses.map(({ address }) => ({
                address,
                encryptedPincode: `sealed-${address}`,
              })),
            }
          : {}),
      }),
    ),
    findConnections: vi.fn(async () => [connection]),
    // Next mode of transport: every release asked is set.
    setNextModeOfTransport: vi.fn(async (request: NmotRequest): Promise<NmotAnswer> => ({
      modeOfTransport: request.modeOfTransport,
      applied: request.releases.map((address) => ({
        address,
        blNumber: row(address).blNumber,
        containerNumber: row(address).containerNumber,
      })),
      refused: [],
    })),
    auditTrail: vi.fn(async (addresses: readonly string[]) =>
      (data.auditTrail ?? []).filter((entry) => addresses.includes(entry.releaseAddress)),
    ),
    // An evidence bundle of the scope asked, exported now (its events left out).
    evidenceBundle: vi.fn(
      async (scope: EvidenceScope) =>
        ({
          kind: 'scr-evidence-bundle',
          v: 1,
          scope,
          exportedAt: new Date().toISOString(),
        }) as EvidenceBundle,
    ),
    subscribeToReleaseEvents: vi.fn((listener: (notice: ReleaseNoticePayload) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    }),
  } satisfies ReleasesApi;
  const emit = (notice: Partial<ReleaseNoticePayload>) =>
    listeners.forEach((listener) =>
      listener({
        operation: 'edit',
        organizationAddress: '',
        bls: noticeBlsOf([
          {
            address: '0xr1',
            blNumber: 'SOLU1234567',
            containerNumber: 'MSKU1234565',
            version: 2,
            status: 'released',
          },
        ]),
        ...notice,
      }),
    );
  return { api, emit, listeners };
}
