import type { BillOfLadingRow, ContainerRow, Page, ReleaseEdit, ReleaseInput } from '@scr/domain';
import { authorizedJson } from '../../../api/authorized.ts';
import { realtime } from '../../../api/client.ts';
import { httpAuditTrailCalls, type AuditTrailCalls } from './audit-trail-api.ts';
import { httpCustodyCalls, type CustodyCalls } from './custody-api.ts';
import { overviewSearchParams, type OverviewQuery } from './overview-query.ts';
import type {
  PortOption,
  Preferences,
  PreferencesChange,
  ReleaseEvent,
  ReleasePatchResult,
  TerminalOption,
  UploadReport,
} from './release-types.ts';
import { postFile, type UploadProgress } from './upload-request.ts';

/**
 * Every call the releases pages make (releases spec §7), behind one interface so that tests
 * put a fake in its place (`ReleasesApiProvider`).
 */
export interface ReleasesApi extends CustodyCalls, AuditTrailCalls {
  findBillsOfLading(query: OverviewQuery): Promise<OverviewPage<BillOfLadingRow>>;
  /** The flat view, or one BL's containers with `blNumber`. */
  findContainers(query: OverviewQuery, blNumber?: string): Promise<OverviewPage<ContainerRow>>;
  getPreferences(): Promise<Preferences>;
  savePreferences(change: PreferencesChange): Promise<Preferences>;
  createRelease(input: ReleaseInput): Promise<ContainerRow>;
  /** One release (with the `version` seen, so a concurrent change is refused) or several. */
  editReleases(
    addresses: readonly string[],
    edit: ReleaseEdit,
    version?: number,
  ): Promise<ReleasePatchResult[]>;
  deleteReleases(addresses: readonly string[]): Promise<ReleasePatchResult[]>;
  uploadReleases(file: File, onProgress: (progress: UploadProgress) => void): Promise<UploadReport>;
  /** The BL's terms as HTML, not yet sanitised. */
  fetchTerms(blNumber: string): Promise<string>;
  findTerminals(): Promise<TerminalOption[]>;
  findPorts(): Promise<PortOption[]>;
  /** Live `releases` events (created, patched, removed); the answer unsubscribes. */
  subscribeToReleaseEvents(listener: (event: ReleaseEvent) => void): () => void;
}

/**
 * An overview page; `totalCapped` says the server stopped counting at `total` (there are more),
 * which it does in the default order to keep a broad search fast.
 */
export type OverviewPage<T> = Page<T> & { totalCapped?: boolean };

const enc = encodeURIComponent;

/** `/releases/:address` for one, `/releases?address[$in]=…` for several. */
function releasesPath(addresses: readonly string[]): string {
  if (addresses.length === 1) return `/releases/${enc(addresses[0]!)}`;
  return `/releases?${addresses.map((address) => `address[$in]=${enc(address)}`).join('&')}`;
}

/** A per-release answer, whether the server sent a list or one item. */
const listOf = (answer: unknown): ReleasePatchResult[] =>
  (Array.isArray(answer) ? answer : [answer]) as ReleasePatchResult[];

/** Paged or not: lookups may answer `{data: [...]}` or a plain array. */
function rowsOf<T>(answer: T[] | { data: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.data;
}

/** The real API at `/api` with the session's token. */
export const httpReleasesApi: ReleasesApi = {
  ...httpCustodyCalls,
  ...httpAuditTrailCalls,
  findBillsOfLading: (query) =>
    authorizedJson(`/bills-of-lading?${overviewSearchParams(query).toString()}`),
  findContainers: (query, blNumber) => {
    const params = overviewSearchParams(query, blNumber === undefined ? {} : { blNumber });
    return authorizedJson(`/containers?${params.toString()}`);
  },
  getPreferences: () => authorizedJson('/preferences'),
  savePreferences: (change) => authorizedJson('/preferences', { method: 'POST', body: change }),
  createRelease: (input) => authorizedJson('/releases', { method: 'POST', body: input }),
  editReleases: async (addresses, edit, version) => {
    const body = addresses.length === 1 && version !== undefined ? { ...edit, version } : edit;
    return listOf(await authorizedJson(releasesPath(addresses), { method: 'PATCH', body }));
  },
  deleteReleases: async (addresses) =>
    listOf(await authorizedJson(releasesPath(addresses), { method: 'DELETE' })),
  uploadReleases: (file, onProgress) => postFile('/release-uploads', file, onProgress),
  fetchTerms: async (blNumber) => {
    const answer = await authorizedJson<{ data?: { html?: string } }>(
      `/bills-of-lading/terms/${enc(blNumber)}`,
      { method: 'POST', body: { includeadr: true } },
    );
    return answer?.data?.html ?? '';
  },
  findTerminals: async () =>
    rowsOf(await authorizedJson<TerminalOption[] | { data: TerminalOption[] }>('/terminals')),
  findPorts: async () =>
    rowsOf(await authorizedJson<PortOption[] | { data: PortOption[] }>('/ports')),
  subscribeToReleaseEvents: (listener) => {
    const service = realtime.service('releases');
    const names = ['created', 'patched', 'removed'] as const;
    const handlers = names.map((name) => {
      const handler = (event: Omit<ReleaseEvent, 'event'>) => listener({ ...event, event: name });
      service.on(name, handler);
      return [name, handler] as const;
    });
    return () => handlers.forEach(([name, handler]) => service.removeListener(name, handler));
  },
};
