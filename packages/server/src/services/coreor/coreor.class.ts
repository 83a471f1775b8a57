import type { Params } from '@feathersjs/feathers';
import { coreorLimits, type CoreorAnswer, type CoreorUpload } from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { importCoreor } from '../../edifact/import-coreor.ts';
import { carrierActorOf } from '../../releases/release-actor.ts';
import { publishNotices, releaseNotices } from '../../releases/release-notices.ts';
import { interchangeTooLarge } from './coreor-body.ts';

/**
 * `releases/coreor` (issue 14 item 4): a carrier's system (API key, scope `releases:write`) or
 * a carrier's user (the upload dialog) sends an EDIFACT COREOR D95B interchange; its releases
 * are created, replaced or cancelled, and the answer says per message what was taken.
 */
export class CoreorService {
  constructor(private readonly app: Application) {}

  async create(data: CoreorUpload, params: Params = {}): Promise<CoreorAnswer> {
    const actor = carrierActorOf(params);
    if (data.content.length > coreorLimits.maxCharacters) throw interchangeTooLarge();
    const knex = this.app.get('knex');
    const { answer, changes } = await importCoreor(
      {
        knex,
        serverKey: this.app.get('serverKey'),
        portalUrl: this.app.get('config')?.publicUrl ?? null,
      },
      actor,
      { content: data.content, fileName: data.fileName?.trim() || null },
    );
    // Releases spec §4 "Live notifications": the chains of what changed, after the commit,
    // told exactly as the JSON API tells them (`create`, `edit`, `delete`, by whom): a socket
    // cannot tell which path made a release.
    for (const [operation, ids] of Object.entries(changes)) {
      if (ids.length > 0) {
        publishNotices(this.app, await releaseNotices(knex, ids, operation, actor));
      }
    }
    return answer;
  }
}
