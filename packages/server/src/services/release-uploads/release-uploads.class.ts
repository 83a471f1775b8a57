import type { Params } from '@feathersjs/feathers';
import {
  todayInBrussels,
  uniqueUploadName,
  uploadRowToReleaseInput,
  uploadRowWarnings,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { Application } from '../../declarations.ts';
import { runCreateReleases } from '../../releases/create-releases.ts';
import { keysOf } from '../../releases/field-errors.ts';
import { carrierActorOf } from '../../releases/release-actor.ts';
import { publishNotices, releaseNotices } from '../../releases/release-notices.ts';
import {
  checkUploadHeader,
  readUploadRows,
  uploadRefused,
  type UploadFile,
} from '../../releases/upload/read-upload.ts';
import type { UploadResult } from './release-uploads.shared.ts';

/** The JSON form of an upload (the multipart form arrives as `params.upload`). */
export interface UploadJson {
  fileName?: string;
  contentBase64?: string;
}

/**
 * `release-uploads` (releases spec §5 "Multi-upload of releases"): a carrier uploads a .csv,
 * .xls or .xlsx; each data row becomes a release. Rows that fail validation are reported (row,
 * BL, container, field → message key) and not created; the good ones are created together in
 * one transaction. A row whose typed date could be read month first says how it was read
 * (domain `uploadRowWarnings`). A file that cannot be read is refused whole and nothing is created.
 */
export class ReleaseUploadsService {
  constructor(private readonly app: Application) {}

  async create(data: UploadJson, params: Params = {}): Promise<UploadResult> {
    const actor = carrierActorOf(params);
    const file = params.upload ?? fileOfJson(data);
    const sheet = await readUploadRows(file, { header: checkUploadHeader });
    const today = todayInBrussels();
    const inputs = sheet.map(({ cells }) => uploadRowToReleaseInput(cells, today));
    const knex = this.app.get('knex');
    const {
      prepared,
      errors,
      created,
      alongside: storedName,
    } = await runCreateReleases(knex, this.app.get('serverKey'), actor, inputs, {
      today,
      source: 'upload',
      alongside: async (trx, created, errors) => {
        const storedName = await this.storedName(trx, actor.organizationId, file.fileName);
        await trx('release_uploads').insert({
          organization_id: actor.organizationId,
          file_name: file.fileName,
          stored_name: storedName,
          created_count: created.length,
          error_count: errors.size,
          created_by: actor.userId,
          created_by_api_key_id: actor.apiKeyId,
        });
        return storedName;
      },
    });
    await this.notify(
      created.map((release) => release.id),
      actor,
    );
    const addresses = new Map(prepared.map((item, i) => [item.index, created[i]!.address]));
    return {
      fileName: file.fileName,
      storedName,
      created: created.length,
      failed: errors.size,
      rows: sheet.map(({ row, cells }, index) => {
        const found = errors.get(index);
        const warnings = uploadRowWarnings(cells);
        return {
          row,
          blNumber: inputs[index]!.billOfLading.blNumber,
          containerNumber: inputs[index]!.container.containerNumber,
          ...(found ? { errors: keysOf(found) } : { address: addresses.get(index)! }),
          ...(warnings.length > 0 ? { warnings } : {}),
        };
      }),
    };
  }

  /** The name not yet taken in this organisation; the lock serialises its uploads. */
  private async storedName(trx: Knex.Transaction, organizationId: number, fileName: string) {
    await trx('organizations').where({ id: organizationId }).forUpdate().first('id');
    const name = fileName.trim();
    const dot = name.lastIndexOf('.');
    const stem = dot > 0 ? name.slice(0, dot) : name;
    const taken = await trx('release_uploads')
      .where({ organization_id: organizationId })
      .where('stored_name', 'like', `${stem.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      .pluck('stored_name');
    return uniqueUploadName(name, new Set(taken));
  }

  /** Live notices for the created releases (releases spec §4), as for any creation. */
  private async notify(ids: string[], actor: ReturnType<typeof carrierActorOf>) {
    if (ids.length === 0) return;
    publishNotices(this.app, await releaseNotices(this.app.get('knex'), ids, 'create', actor));
  }
}

function fileOfJson(data: UploadJson): UploadFile {
  if (typeof data?.fileName !== 'string' || typeof data.contentBase64 !== 'string') {
    throw uploadRefused('fileRequired');
  }
  return { fileName: data.fileName, content: Buffer.from(data.contentBase64, 'base64') };
}
