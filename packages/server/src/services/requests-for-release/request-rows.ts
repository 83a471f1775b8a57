import type { RequestFileView, RequestForRelease, RequestsForReleaseQuery } from '@scr/domain';
import type { Knex } from 'knex';
import type { DbRow } from '../../kit/db-row.ts';
import { pageOf, type Page } from '../../kit/paging.ts';

/** Which side of requests an organisation sees: those it sent, or those addressed to it. */
export type RequestSide = 'sent' | 'received';

const sideColumn = { sent: 'q.organization_id', received: 'q.carrier_organization_id' } as const;

/** Requests with both organisations (requester and carrier) joined. */
const requests = (db: Knex | Knex.Transaction) =>
  db('requests_for_release as q')
    .join('organizations as requester', 'requester.id', 'q.organization_id')
    .join('organizations as carrier', 'carrier.id', 'q.carrier_organization_id');

const columns = [
  'q.*',
  'requester.address as requester_address',
  'requester.name as requester_name',
  'carrier.address as carrier_address',
  'carrier.name as carrier_name',
];

/**
 * A page of the requests of one side, newest first (releases spec §7 `find`), only those of the
 * requester `organizationAddress` names when given (any case): for a requester that is its own
 * or nothing, for a carrier the requests of that organisation.
 */
export async function requestPage(
  db: Knex,
  side: RequestSide,
  organizationId: number,
  query: RequestsForReleaseQuery,
): Promise<Page<RequestForRelease>> {
  const { organizationAddress, ...paging } = query;
  const rows = requests(db).where(sideColumn[side], organizationId);
  if (organizationAddress) {
    rows.whereRaw('lower(requester.address) = ?', [organizationAddress.toLowerCase()]);
  }
  const page = await pageOf<DbRow, DbRow>(rows, {
    paging,
    select: (query) => query.select(columns).orderBy('q.id', 'desc'),
    present: (row) => row,
  });
  return { ...page, data: await presentRequests(db, page.data) };
}

/**
 * One request the organisation sent or received, or undefined: a request of anyone else is
 * not found (DESIGN §3 "Tenancy"). `side` narrows it to one side.
 */
export async function requestOf(
  db: Knex | Knex.Transaction,
  id: number,
  organizationId: number,
  side?: RequestSide,
): Promise<RequestForRelease | undefined> {
  const sides: RequestSide[] = side ? [side] : ['sent', 'received'];
  const rows = await requests(db)
    .where('q.id', id)
    .where((where) => {
      for (const s of sides) where.orWhere(sideColumn[s], organizationId);
    })
    .select(columns);
  const [request] = await presentRequests(db, rows);
  return request;
}

/** The requests with their files (without content) and the releases that answered them. */
async function presentRequests(
  db: Knex | Knex.Transaction,
  rows: DbRow[],
): Promise<RequestForRelease[]> {
  const ids = rows.map((row) => row.id);
  const [files, releases] =
    ids.length === 0
      ? [[], []]
      : await Promise.all([
          db('request_for_release_files')
            .whereIn('request_id', ids)
            .orderBy('id')
            .select('id', 'request_id', 'kind', 'name', 'ref', 'content_type', 'size'),
          db('request_for_release_releases as l')
            .join('releases as r', 'r.id', 'l.release_id')
            .whereIn('l.request_id', ids)
            .orderBy('r.id')
            .select('l.request_id', 'r.address', 'r.container_number'),
        ]);
  return rows.map((row) => ({
    id: Number(row.id),
    reference: row.reference,
    invoiceNumber: row.invoice_number,
    carrierAddress: row.carrier_address,
    carrierName: row.carrier_name,
    blNumber: row.bl_number,
    containersRaw: row.containers_raw,
    containers: row.containers,
    files: files.filter((file) => file.request_id === row.id).map(presentFile),
    organizationAddress: row.requester_address,
    organizationName: row.requester_name,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    releases: releases
      .filter((release) => release.request_id === row.id)
      .map((release) => ({ address: release.address, containerNumber: release.container_number })),
  }));
}

function presentFile(row: DbRow): RequestFileView {
  return {
    id: Number(row.id),
    kind: row.kind,
    name: row.name,
    ref: row.ref,
    contentType: row.content_type,
    size: row.size,
  };
}
