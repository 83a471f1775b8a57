import type { Params } from '@feathersjs/feathers';
import type { BulkClassifyAnswer, BulkClassifyRequest, BulkFileAnswer } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { classifyPairs } from '../../releases/bulk/classify-pairs.ts';
import { bulkFileRefused, readBulkFile } from '../../releases/bulk/read-bulk-file.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import type { UploadFile } from '../../releases/upload/read-upload.ts';

/** The JSON form of a bulk file (the multipart form arrives as `params.upload`). */
export interface BulkFileJson {
  fileName?: string;
  contentBase64?: string;
}

/** `bulk-operations/files`: reads a file's BL + container pairs (releases spec §5); stores nothing. */
export class BulkFilesService {
  async create(data: BulkFileJson, params: Params = {}): Promise<BulkFileAnswer> {
    return readBulkFile(params.upload ?? fileOfJson(data));
  }
}

/** `bulk-operations/classifications`: classifies pairs for the caller (releases spec §4). */
export class BulkClassificationsService {
  constructor(private readonly app: Application) {}

  async create(data: BulkClassifyRequest, params: Params = {}): Promise<BulkClassifyAnswer> {
    const actor = releaseActorOf(params);
    return { rows: await classifyPairs(this.app.get('knex'), actor.organizationId, data.pairs) };
  }
}

function fileOfJson(data: BulkFileJson): UploadFile {
  if (typeof data?.fileName !== 'string' || typeof data.contentBase64 !== 'string') {
    throw bulkFileRefused('fileRequired');
  }
  return { fileName: data.fileName, content: Buffer.from(data.contentBase64, 'base64') };
}
