import type { Id, NullableId, Params } from '@feathersjs/feathers';
import {
  closedMessages,
  custodyServicePaths,
  editableFields,
  isClosedReason,
  releaseMessages,
  validateReleaseEdit,
  type ContainerRow,
  type ReleaseEdit,
  type ReleaseMessage,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import { runCreateReleases } from '../../releases/create-releases.ts';
import { deleteReleases } from '../../releases/delete-releases.ts';
import { editReleases, type CommandOutcome } from '../../releases/edit-releases.ts';
import {
  fromReleaseErrors,
  validationFailed,
  type FieldErrors,
} from '../../releases/field-errors.ts';
import { carrierActorOf, releaseActorOf, type ReleaseActor } from '../../releases/release-actor.ts';
import { normaliseReleaseAddress } from '../../releases/release-address.ts';
import { publishNotices, releaseNotices } from '../../releases/release-notices.ts';
import { containerRowsFor } from '../../releases/release-rows.ts';
import type { CustodyAnswer } from '../custody/custody.class.ts';
import type { CustodyApplyBody } from '../custody/custody.schema.ts';
import type { ReleaseCreate, ReleaseManyQuery, ReleasePatch } from './releases.schema.ts';
import type { ReleaseChange } from './releases.shared.ts';

/**
 * `releases` (releases spec §7): carriers create (one or an array), edit (by address or several,
 * "patch without id") and delete releases; every party of a release gets it by address. A
 * release outside the caller's chain answers 404 not_found.
 */
export class ReleasesService {
  constructor(private readonly app: Application) {}

  async get(id: Id, params: Params = {}): Promise<ContainerRow> {
    const actor = releaseActorOf(params);
    const address = normaliseReleaseAddress(id);
    const knex = this.app.get('knex');
    const row = address ? await knex('releases').where({ address }).first('id') : undefined;
    const [release] = row ? await containerRowsFor(knex, actor, [row.id]) : [];
    if (!release) throw appError('not_found');
    return release;
  }

  async create(
    data: ReleaseCreate | ReleaseCreate[],
    params: Params = {},
  ): Promise<ContainerRow | ContainerRow[]> {
    const actor = carrierActorOf(params);
    const items = Array.isArray(data) ? data : [data];
    const own = actor.organizationAddress.toLowerCase();
    if (items.some((item) => item.creator && item.creator.toLowerCase() !== own)) {
      throw appError('forbidden', { message: 'The creator must be your own organisation.' });
    }
    const knex = this.app.get('knex');
    const { created } = await runCreateReleases(knex, this.app.get('serverKey'), actor, items, {
      refuse: (errors) => {
        throw creationRefused(errors, Array.isArray(data));
      },
    });
    const ids = created.map((release) => release.id);
    publishNotices(this.app, await releaseNotices(knex, ids, 'create', actor));
    const rows = await containerRowsFor(knex, actor, ids);
    return Array.isArray(data) ? rows : rows[0]!;
  }

  async patch(
    id: NullableId,
    data: ReleasePatch,
    params: Params = {},
  ): Promise<ReleaseChange[] | CustodyAnswer> {
    const actor = carrierActorOf(params);
    if (data.type) return this.custody(id, data, params);
    const { version, ...fields } = data;
    if (id === null && version !== undefined) {
      throw appError('validation_failed', {
        message: 'version is for editing one release.',
        fields: { version: 'validation.additionalProperties' },
      });
    }
    const edit = editOf(fields, id !== null);
    if (Object.keys(edit).length === 0) {
      throw appError('validation_failed', { message: 'Fill in at least one field to change.' });
    }
    const knex = this.app.get('knex');
    const terminalCodes = new Set<string>(
      edit.pickupLocation
        ? await knex('terminals').where({ code: edit.pickupLocation }).pluck('code')
        : [],
    );
    const general = fromReleaseErrors(
      validateReleaseEdit(edit, { terminalCodes, validFrom: '', source: 'api' }),
      edit,
    );
    if (Object.keys(general).length > 0) throw validationFailed([{ errors: general }]);
    const outcomes = await inTransaction(knex, (trx) =>
      editReleases(trx, this.app.get('serverKey'), actor, addressesOf(id, params), edit, {
        terminalCodes,
        ...(version !== undefined ? { version } : {}),
        portalUrl: this.portalUrl(),
      }),
    );
    return this.answer(actor, outcomes, 'edit', id !== null);
  }

  async remove(id: NullableId, params: Params = {}): Promise<ReleaseChange[]> {
    const actor = carrierActorOf(params);
    const knex = this.app.get('knex');
    const outcomes = await inTransaction(knex, (trx) =>
      deleteReleases(trx, this.app.get('serverKey'), actor, addressesOf(id, params), {
        portalUrl: this.portalUrl(),
      }),
    );
    return this.answer(actor, outcomes, 'delete', id !== null);
  }

  /**
   * Releases spec §6 "transfer and revoke directly through a change of the release" and §7
   * (patch with `type`): the custody services' two calls, on the releases of the query, through
   * that service with its own hooks (who may call, each call's schema).
   */
  private async custody(
    id: NullableId,
    data: ReleasePatch,
    params: Params,
  ): Promise<CustodyAnswer> {
    const { type, organizationAddress, dryRun, statement, signature, release_addresses } = data;
    const service = this.app.service(custodyServicePaths[type!]);
    const named = new Set(addressesOf(id, params).map((a) => a.toLowerCase()));
    const signed = (release_addresses ?? []).map((item) =>
      (typeof item === 'string' ? item : item.address).toLowerCase(),
    );
    if (!dryRun && (signed.length !== named.size || signed.some((a) => !named.has(a)))) {
      throw appError('statement_invalid', {
        message: 'The signed releases must be the releases of the query.',
      });
    }
    const target = data.target_organization_address ?? organizationAddress ?? null;
    return service.create(
      dryRun
        ? {
            dryRun,
            release_addresses: addressesOf(id, params),
            target_organization_address: target,
          }
        : // As sent: the service's own apply schema checks it (statement, signature, versions).
          ({
            release_addresses: release_addresses ?? [],
            target_organization_address: target,
            ...(statement ? { statement } : {}),
            ...(signature ? { signature } : {}),
          } as CustodyApplyBody),
      params,
    );
  }

  /** The portal's public address, for the links in e-mail. */
  private portalUrl(): string | null {
    return this.app.get('config')?.publicUrl ?? null;
  }

  /** The per-release list; one addressed release that could not change answers its error. */
  private async answer(
    actor: ReleaseActor,
    outcomes: CommandOutcome[],
    operation: string,
    single: boolean,
  ): Promise<ReleaseChange[]> {
    const failure = single ? outcomes[0] : undefined;
    if (failure?.error) throw singleError(failure);
    const knex = this.app.get('knex');
    const ids = outcomes.flatMap((outcome) => (outcome.id ? [outcome.id] : []));
    publishNotices(this.app, await releaseNotices(knex, ids, operation, actor));
    const rows = new Map(
      (await containerRowsFor(knex, actor, ids)).map((row) => [row.address, row]),
    );
    return outcomes.map(({ address, id, error, fields }) =>
      id
        ? { address, release: rows.get(address)! }
        : { address, error, ...(fields ? { fields } : {}) },
    );
  }
}

/**
 * The edit to apply. Single edit (releases spec §5 "Create and edit"): an emptied field is
 * cleared (and required ones refused by validation). Multi-edit (§5 "Multi-release edit"):
 * empty fields are left out of the change.
 */
function editOf(fields: Omit<ReleasePatch, 'version'>, single: boolean): ReleaseEdit {
  const edit: ReleaseEdit = {};
  for (const field of editableFields) {
    if (!(field in fields)) continue;
    const value = fields[field]?.trim() ?? '';
    if (value !== '') edit[field] = value;
    else if (single) edit[field] = null;
  }
  return edit;
}

/**
 * 400 validation_failed naming each bad field (by index for an array); 409 already_exists when
 * the only problem is containers already released on their BL.
 */
function creationRefused(errors: Map<number, FieldErrors>, many: boolean) {
  const problems = [...errors].map(([index, found]) => ({
    prefix: many ? String(index) : undefined,
    errors: found,
  }));
  const refusal = validationFailed(problems);
  const onlyDuplicates = problems.every(({ errors: found }) =>
    Object.values(found).every((error) => error.key === 'backend.error.already_exists'),
  );
  return onlyDuplicates
    ? appError('already_exists', { message: refusal.message, fields: refusal.data.fields })
    : refusal;
}

function addressesOf(id: NullableId, params: Params): string[] {
  if (id !== null) return [String(id)];
  const query = params.query as ReleaseManyQuery;
  const value = typeof query.address === 'string' ? query.address : query.address.$in;
  return [value].flat();
}

function singleError(outcome: CommandOutcome) {
  switch (outcome.error) {
    case 'notFound':
      return appError('not_found');
    case 'validation_failed': {
      const [firstKey] = Object.values(outcome.fields ?? {});
      const message =
        releaseMessages[firstKey?.replace('releases.validation.', '') as ReleaseMessage];
      return appError('validation_failed', { message, fields: outcome.fields ?? {} });
    }
    case 'conflict':
      return appError('conflict');
    default:
      return appError('conflict', {
        message: isClosedReason(outcome.error) ? closedMessages[outcome.error] : undefined,
      });
  }
}
