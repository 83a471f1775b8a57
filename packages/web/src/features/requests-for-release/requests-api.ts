import {
  servicePaths,
  type Page,
  type ReleaseInput,
  type RequestCarrier,
  type RequestFileContent,
  type RequestForRelease,
  type RequestForReleaseInput,
} from '@scr/domain';
import { api } from '../../api/client.ts';

/** The query keys of the requests for release (list pages and the carriers offered). */
export const requestKeys = {
  all: ['requests-for-release'] as const,
  page: (page: number, rowsPerPage: number) =>
    ['requests-for-release', 'page', page, rowsPerPage] as const,
  carriers: ['requests-for-release', 'carriers'] as const,
};

/** `GET requests-for-release`: a page of the requests sent (requester) or received (carrier). */
export function listRequests(page: number, rowsPerPage: number): Promise<Page<RequestForRelease>> {
  return api
    .service(servicePaths.requestsForRelease)
    .find({ query: { $limit: rowsPerPage, $skip: page * rowsPerPage } });
}

/** `GET requests-for-release/carriers`: the carriers of subscription 11's remark (access §9). */
export function listRequestCarriers(): Promise<RequestCarrier[]> {
  return api.service(servicePaths.requestForReleaseCarriers).find();
}

/** `POST requests-for-release` (releases spec §7 create). */
export function sendRequest(input: RequestForReleaseInput): Promise<RequestForRelease> {
  return api.service(servicePaths.requestsForRelease).create(input);
}

/** `PATCH requests-for-release/:id`: the carrier answers with the releases it creates. */
export function answerRequest(id: number, releases: ReleaseInput[]): Promise<RequestForRelease> {
  return api.service(servicePaths.requestsForRelease).patch(id, { releases });
}

/** `GET requests-for-release/files/:id`: a file's content, for the requester and the carrier. */
export function fetchRequestFile(id: number): Promise<RequestFileContent> {
  return api.service(servicePaths.requestForReleaseFiles).get(id);
}
