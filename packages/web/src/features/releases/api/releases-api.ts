import {
  releaseNoticeEvent,
  servicePaths,
  type AssignLocation,
  type BillOfLadingRow,
  type ContainerRow,
  type Page,
  type PortView,
  type PreferencesChange,
  type PreferencesView,
  type ReleaseChange,
  type ReleaseEdit,
  type ReleaseInput,
  type ReleaseNoticePayload,
  type TerminalOption,
  type UploadResult,
} from '@scr/domain';
import { api } from '../../../api/client.ts';
import { realtime } from '../../../api/realtime-client.ts';
import { httpAuditTrailCalls, type AuditTrailCalls } from './audit-trail-api.ts';
import { httpCustodyCalls, type CustodyCalls } from './custody-api.ts';
import { httpNmotCalls, type NmotCalls } from './nmot-api.ts';
import { overviewSearchParams, type OverviewQuery } from './overview-query.ts';
import { postFile, type UploadProgress } from './upload-request.ts';

/**
 * Every call the releases pages make (releases spec §7), behind one interface so that tests
 * put a fake in its place (`ReleasesApiProvider`).
 */
export interface ReleasesApi extends CustodyCalls, AuditTrailCalls, NmotCalls {
  findBillsOfLading(query: OverviewQuery): Promise<OverviewPage<BillOfLadingRow>>;
  /** The flat view, or one BL's containers with `blNumber`. */
  findContainers(query: OverviewQuery, blNumber?: string): Promise<OverviewPage<ContainerRow>>;
  getPreferences(): Promise<PreferencesView>;
  savePreferences(change: PreferencesChange): Promise<PreferencesView>;
  createRelease(input: ReleaseInput): Promise<ContainerRow>;
  /** One release (with the `version` seen, so a concurrent change is refused) or several. */
  editReleases(
    addresses: readonly string[],
    edit: ReleaseEdit,
    version?: number,
  ): Promise<ReleaseChange[]>;
  deleteReleases(addresses: readonly string[]): Promise<ReleaseChange[]>;
  uploadReleases(
    file: File,
    onProgress: (progress: UploadProgress) => void,
    /** Issue 15: cancels the upload while the file is still being sent. */
    signal?: AbortSignal,
  ): Promise<UploadResult>;
  /** The BL's terms as HTML, not yet sanitised. */
  fetchTerms(blNumber: string): Promise<string>;
  findTerminals(): Promise<TerminalOption[]>;
  findPorts(): Promise<PortView[]>;
  /** The assign locations in display order (releases spec §2 "pickupMethod"). */
  findAssignLocations(): Promise<AssignLocation[]>;
  /**
   * Live release notices (`releases notice`: one per action for the viewer's organisation,
   * listing its releases); the answer unsubscribes.
   */
  subscribeToReleaseEvents(listener: (notice: ReleaseNoticePayload) => void): () => void;
}

/**
 * An overview page; `totalCapped` says the server stopped counting at `total` (there are more),
 * which it does in the default order to keep a broad search fast.
 */
export type OverviewPage<T> = Page<T> & { totalCapped?: boolean };

/** `releases/:address` for one; `releases?address[$in]=…` (Feathers `id` null) for several. */
function releaseTarget(addresses: readonly string[]) {
  if (addresses.length === 1) return { id: addresses[0]!, params: {} };
  return { id: null, params: { query: { address: { $in: [...addresses] } } } };
}

/** A per-release answer, whether the server sent a list or one item. */
const listOf = (answer: unknown): ReleaseChange[] =>
  (Array.isArray(answer) ? answer : [answer]) as ReleaseChange[];

/** Paged or not: lookups may answer `{data: [...]}` or a plain array. */
function rowsOf<T>(answer: T[] | { data: T[] }): T[] {
  return Array.isArray(answer) ? answer : answer.data;
}

/** The overview's query (releases spec §7), as the Feathers client sends it. */
const overviewQueryOf = (query: OverviewQuery, extra: Record<string, string> = {}) =>
  Object.fromEntries(overviewSearchParams(query, extra));

/** The real API at `/api` through the Feathers client, with the session's token. */
export const httpReleasesApi: ReleasesApi = {
  ...httpCustodyCalls,
  ...httpAuditTrailCalls,
  ...httpNmotCalls,
  findBillsOfLading: (query) =>
    api.service(servicePaths.billsOfLading).find({ query: overviewQueryOf(query) }) as Promise<
      OverviewPage<BillOfLadingRow>
    >,
  findContainers: (query, blNumber) => {
    const extra: Record<string, string> = blNumber === undefined ? {} : { blNumber };
    return api
      .service(servicePaths.containers)
      .find({ query: overviewQueryOf(query, extra) }) as Promise<OverviewPage<ContainerRow>>;
  },
  getPreferences: () => api.service(servicePaths.preferences).find() as Promise<PreferencesView>,
  savePreferences: (change) =>
    api.service(servicePaths.preferences).create(change) as Promise<PreferencesView>,
  createRelease: (input) =>
    api.service(servicePaths.releases).create(input) as Promise<ContainerRow>,
  editReleases: async (addresses, edit, version) => {
    const body = addresses.length === 1 && version !== undefined ? { ...edit, version } : edit;
    const { id, params } = releaseTarget(addresses);
    return listOf(await api.service(servicePaths.releases).patch(id, body, params));
  },
  deleteReleases: async (addresses) => {
    const { id, params } = releaseTarget(addresses);
    return listOf(await api.service(servicePaths.releases).remove(id, params));
  },
  uploadReleases: (file, onProgress, signal) =>
    postFile(servicePaths.releaseUploads, file, onProgress, signal),
  fetchTerms: async (blNumber) => {
    const answer = (await api
      .service(servicePaths.billOfLadingTerms)
      .create({ includeadr: true }, { route: { blNumber: encodeURIComponent(blNumber) } })) as {
      data?: { html?: string };
    } | null;
    return answer?.data?.html ?? '';
  },
  findTerminals: async () =>
    rowsOf(
      (await api.service(servicePaths.terminals).find()) as
        TerminalOption[] | { data: TerminalOption[] },
    ),
  findPorts: async () =>
    rowsOf((await api.service(servicePaths.ports).find()) as PortView[] | { data: PortView[] }),
  findAssignLocations: async () =>
    rowsOf(
      (await api.service(servicePaths.assignLocations).find()) as
        AssignLocation[] | { data: AssignLocation[] },
    ),
  subscribeToReleaseEvents: (listener) => {
    const service = realtime.service('releases');
    const handler = (notice: ReleaseNoticePayload) => listener(notice);
    service.on(releaseNoticeEvent, handler);
    return () => service.removeListener(releaseNoticeEvent, handler);
  },
};
