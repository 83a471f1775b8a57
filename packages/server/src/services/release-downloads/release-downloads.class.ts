import type { Params } from '@feathersjs/feathers';
import {
  downloadContentTypes,
  downloadCountHeader,
  downloadFileName,
  downloadScopeRefusal,
  mayDownloadReleases,
  type DownloadFileRequest,
  type DownloadRowsHead,
  type DownloadRowsRequest,
  type DownloadScope,
} from '@scr/domain';
import { Readable } from 'node:stream';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import { downloadStream } from '../../releases/downloads/download-file.ts';
import {
  downloadCount,
  downloadCriteria,
  downloadGroups,
} from '../../releases/downloads/download-groups.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';

/** A streamed answer: the body and the headers the `sendStream` hook puts on it. */
export interface StreamedAnswer {
  stream: Readable;
  headers: Record<string, string>;
}

/**
 * Who may download what (releases spec §2, §5 "Download", §6): people of non-carriers, with a
 * search, a filter or a selection; the rows are the caller's own (`matchingParties`).
 */
async function prepare(app: Application, scope: DownloadScope, params: Params) {
  const actor = releaseActorOf(params);
  if (!mayDownloadReleases(actor.organizationRole)) throw appError('forbidden');
  const refusal = downloadScopeRefusal(scope);
  if (refusal) throw appError(refusal);
  const db = app.get('knex');
  const criteria = downloadCriteria(actor.organizationId, scope);
  const [total, organization] = await Promise.all([
    downloadCount(db, criteria),
    db('organizations').where({ id: actor.organizationId }).first('name'),
  ]);
  const viewer = { organizationId: actor.organizationId, seesTransferInfo: actor.seesTransferInfo };
  return {
    total,
    organization: (organization?.name as string | undefined) ?? '',
    groups: downloadGroups(db, viewer, criteria),
  };
}

/**
 * `POST /releases/download/get` (releases spec §7): the download's rows as NDJSON, a head with
 * the count, then one BL group a line, for the browser's files with pincodes and the print view.
 */
export class ReleaseDownloadRowsService {
  constructor(private readonly app: Application) {}

  async create(data: DownloadRowsRequest, params: Params = {}): Promise<StreamedAnswer> {
    const { total, organization, groups } = await prepare(this.app, data, params);
    const head: DownloadRowsHead = { total, organization, at: new Date().toISOString() };
    async function* lines() {
      yield `${JSON.stringify(head)}\n`;
      for await (const group of groups) yield `${JSON.stringify(group)}\n`;
    }
    return {
      stream: Readable.from(lines()),
      headers: {
        'Content-Type': 'application/x-ndjson; charset=utf-8',
        [downloadCountHeader]: String(total),
      },
    };
  }
}

/**
 * `POST /releases/download` (releases spec §7): the file, streamed. `fetchPincode` is refused:
 * pincodes are opened by the wallet in the browser, never by the server (DESIGN §3).
 */
export class ReleaseDownloadService {
  constructor(private readonly app: Application) {}

  async create(data: DownloadFileRequest, params: Params = {}): Promise<StreamedAnswer> {
    if (data.fetchPincode) throw appError('download_pincodes_in_browser');
    const { total, organization, groups } = await prepare(this.app, data, params);
    const at = new Date();
    const stream = downloadStream(data.format, groups, {
      layout: data.layout,
      language: data.language,
      organization,
      at,
    });
    const name = downloadFileName(data.format, data.layout, at);
    return {
      stream,
      headers: {
        'Content-Type': downloadContentTypes[data.format],
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'no-store',
        [downloadCountHeader]: String(total),
      },
    };
  }
}
