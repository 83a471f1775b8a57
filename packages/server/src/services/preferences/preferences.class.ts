import type { Params } from '@feathersjs/feathers';
import {
  mayUseReleaseFeature,
  normaliseRowLimit,
  releaseMailDefaults,
  savedGrouping,
  toLanguage,
} from '@scr/domain';
import type { Knex } from 'knex';
import type { SessionUser } from '../../auth/session-user.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { defaultHiddenColumns, type PreferencesChange } from './preferences.schema.ts';
import type { PreferencesView } from './preferences.shared.ts';

const strings = (value: unknown): string[] | null =>
  Array.isArray(value) && value.every((item) => typeof item === 'string') ? value : null;

/** The saved row (or none) as the user's preferences, defaults filled in. */
function present(row: DbRow | undefined, user: SessionUser): PreferencesView {
  const hidden = (row?.hidden_columns ?? {}) as Record<string, unknown>;
  const options = (row?.options ?? {}) as Record<string, unknown>;
  return {
    hiddenColumns: {
      bl: strings(hidden.bl) ?? defaultHiddenColumns.bl,
      container: strings(hidden.container) ?? defaultHiddenColumns.container,
    },
    options: {
      transferred: savedGrouping(options.transferred),
      updated: savedGrouping(options.updated),
      // Releases spec §5 "Stored preferences": empty or above 50 goes back to the default.
      limitBL: normaliseRowLimit(options.limitBL, 'bl'),
      limitCT: normaliseRowLimit(options.limitCT, 'container'),
    },
    preferredLanguage: toLanguage(row?.preferred_language ?? user.preferredLanguage),
    // Access spec §3: the defaults of a user who never saved, as e-mail applies them too.
    releaseTransferEmail: row?.release_transfer_email ?? releaseMailDefaults.releaseTransferEmail,
    releaseUpdateEmail: row?.release_update_email ?? releaseMailDefaults.releaseUpdateEmail,
  };
}

/**
 * `preferences` (access spec §7 "GET/CREATE preferences"): the signed-in user's own settings.
 * `find` answers them, `create` changes what it is given (an upsert) and answers the result.
 */
export class PreferencesService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<PreferencesView> {
    const user = userOf(params);
    const row = await this.app.get('knex')('preferences').where({ user_id: user.id }).first();
    return present(row, user);
  }

  async create(data: PreferencesChange, params: Params = {}): Promise<PreferencesView> {
    const user = userOf(params);
    const grouped = [data.options?.transferred, data.options?.updated].includes('bl');
    if (grouped && !mayUseReleaseFeature('notifyPerBl', user.features))
      throw appError('subscription_required');
    return inTransaction(this.app.get('knex'), async (trx) => {
      const saved = present(await this.locked(trx, user.id), user);
      const next: PreferencesView = {
        hiddenColumns: { ...saved.hiddenColumns, ...data.hiddenColumns },
        options: {
          ...saved.options,
          ...data.options,
          // Access spec §5: a limit sent empty (null too) or above 50 is reset to the default.
          limitBL: normaliseRowLimit(
            data.options && 'limitBL' in data.options
              ? data.options.limitBL
              : saved.options.limitBL,
            'bl',
          ),
          limitCT: normaliseRowLimit(
            data.options && 'limitCT' in data.options
              ? data.options.limitCT
              : saved.options.limitCT,
            'container',
          ),
        },
        preferredLanguage: data.preferredLanguage ?? saved.preferredLanguage,
        releaseTransferEmail: data.releaseTransferEmail ?? saved.releaseTransferEmail,
        releaseUpdateEmail: data.releaseUpdateEmail ?? saved.releaseUpdateEmail,
      };
      const row = {
        user_id: user.id,
        hidden_columns: JSON.stringify(next.hiddenColumns),
        options: JSON.stringify(next.options),
        preferred_language: next.preferredLanguage,
        release_transfer_email: next.releaseTransferEmail,
        release_update_email: next.releaseUpdateEmail,
        updated_at: trx.fn.now(),
      };
      await trx('preferences').insert(row).onConflict('user_id').merge();
      // The user's language also chooses the language of the e-mail sent to them.
      if (data.preferredLanguage) {
        await trx('users')
          .where({ id: user.id })
          .update({ preferred_language: next.preferredLanguage });
      }
      return next;
    });
  }

  private locked(trx: Knex.Transaction, userId: number) {
    return trx('preferences').where({ user_id: userId }).forUpdate().first();
  }
}

/** Preferences belong to people; machines (API keys) have none. */
function userOf(params: Params): SessionUser {
  if (!params.user) throw appError('not_authenticated');
  return params.user;
}
