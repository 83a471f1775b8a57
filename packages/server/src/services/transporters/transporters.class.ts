import type { Params } from '@feathersjs/feathers';
import {
  errorCatalogue,
  errorTranslationKey,
  identificationsEnded,
  sameDriver,
  transporterAlreadyExists,
  type RemovedRelease,
  type Transporter,
  type TransporterCreateAnswer,
  type TransporterErrors,
  type TransporterPatchAnswer,
  type TransporterUnassign,
} from '@scr/domain';
import type { Knex } from 'knex';
import { custodyCallerOf } from '../custody/custody.class.ts';
import type { SessionUser } from '../../auth/session-user.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { Application } from '../../declarations.ts';
import { appError } from '../../errors/app-error.ts';
import type { DbRow } from '../../kit/db-row.ts';
import { releasesAssignedTo } from '../../releases/assignment/index.ts';
import type { CustodyOutcome } from '../../releases/custody/custody-command.ts';
import { publishNotices } from '../../releases/release-notices.ts';
import { recordUserAction, type UserOperation } from '../../user-audit/record-user-action.ts';
import { itsmeLink, unassignForTransporter } from './transporter-effects.ts';
import { columnsOf, fieldsOf, normalized, type TransporterKind } from './transporter-kinds.ts';

type Body = Record<string, unknown> & {
  confirmed?: boolean;
  sendItsmeLink?: boolean;
  copyItsmeLink?: boolean;
  unassign?: TransporterUnassign;
};

/** Domain messages as the field errors of a 400 (`transporters.validation.*`). */
function refuseInvalid(errors: TransporterErrors): void {
  const entries = Object.entries(errors);
  if (entries.length === 0) return;
  throw appError('validation_failed', {
    fields: Object.fromEntries(entries.map(([f, m]) => [f, `transporters.validation.${m}`])),
  });
}

/**
 * `drivers`, `barges` and `trains` (access spec §7 "Transporters"): the caller's organisation's
 * rows only (another's answers not found). Create answers the duplicate instead of creating it
 * unless confirmed; a deactivation or identifier change unassigns the releases assigned to it,
 * with the signed unassign the caller sent, or answers them in a 409 to warn first (access §4).
 */
export class TransporterService {
  constructor(
    private readonly app: Application,
    private readonly kind: TransporterKind,
  ) {}

  async find(params: Params = {}): Promise<Transporter[]> {
    const user = userOf(params);
    const isActive = (params.query as { is_active?: boolean } | undefined)?.is_active;
    const query = this.app
      .get('knex')(this.kind.table)
      .where({ organization_id: user.organizationId });
    if (isActive !== undefined) query.andWhere({ is_active: isActive });
    const rows = await query
      .orderBy(this.kind.type === 'driver' ? 'last_name' : 'name')
      .orderBy('id')
      .limit(1000);
    return rows.map((row: DbRow) => this.kind.present(row, user.organizationAddress));
  }

  async get(id: number | string, params: Params = {}): Promise<Transporter> {
    const user = userOf(params);
    const row = await this.rowOf(this.app.get('knex'), id, user);
    return this.kind.present(row, user.organizationAddress);
  }

  async create(data: Body, params: Params = {}): Promise<TransporterCreateAnswer> {
    const user = userOf(params);
    const fields = normalized(this.kind, data);
    delete fields.isActive;
    delete fields.itsmeCode;
    refuseInvalid(this.kind.validate(fields, { sendItsmeLink: data.sendItsmeLink === true }));
    return inTransaction(this.app.get('knex'), async (trx) => {
      await this.refuseTakenIdentifier(trx, user, fields);
      if (this.kind.type === 'driver' && !data.confirmed) {
        const duplicate = await this.duplicateDriver(trx, user, fields);
        if (duplicate) return duplicate;
      }
      const [row] = await trx(this.kind.table)
        .insert({ ...columnsOf(this.kind, fields), organization_id: user.organizationId })
        .returning('*');
      await this.audit(trx, user, `add ${this.kind.type}`, row);
      if (this.kind.type === 'driver' && data.sendItsmeLink)
        await itsmeLink(this.app, trx, { driverId: row.id, user, send: true });
      return { isNew: true, result: this.kind.present(row, user.organizationAddress) };
    });
  }

  async patch(
    id: number | string,
    data: Body,
    params: Params = {},
  ): Promise<TransporterPatchAnswer> {
    const user = userOf(params);
    const changes = normalized(this.kind, data);
    if (params.provider && (changes.itsmeCode || data.itsmeData)) {
      // An itsme code is the driver's own registration (`driver/itsme`), never typed in.
      refuseInvalid({ itsmeCode: 'itsmeByRegistration' });
    }
    const { answer, notices } = await inTransaction(this.app.get('knex'), async (trx) => {
      const before = await this.rowOf(trx, id, user, true);
      const wantsLink = data.sendItsmeLink === true;
      refuseInvalid(
        this.kind.validate(
          { ...fieldsOf(this.kind, before), ...changes },
          { sendItsmeLink: wantsLink },
        ),
      );
      await this.refuseTakenIdentifier(trx, user, changes, before.id);
      const ended = identificationsEnded(this.kind.type, this.kind.state(before), changes as never);
      const outcome = await this.unassignEnded(trx, params, ended, data.unassign);
      const removedReleases: RemovedRelease[] = (outcome?.applied ?? []).map((release) => ({
        address: release.address,
        version: release.version,
      }));
      const update = { ...columnsOf(this.kind, changes), ...this.itsmeData(data) };
      const [row] = Object.keys(update).length
        ? await trx(this.kind.table)
            .where({ id: before.id })
            .update({ ...update, updated_at: trx.fn.now() })
            .returning('*')
        : [before];
      const deactivated = before.is_active && row.is_active === false;
      await this.audit(
        trx,
        user,
        `${deactivated ? 'deactivate' : 'edit'} ${this.kind.type}`,
        row,
        removedReleases,
      );
      const answer: TransporterPatchAnswer = {
        result: this.kind.present(row, user.organizationAddress),
        removedReleases,
      };
      if (this.kind.type === 'driver' && (wantsLink || data.copyItsmeLink)) {
        answer.link = (
          await itsmeLink(this.app, trx, { driverId: row.id, user, send: wantsLink })
        ).link;
      }
      return { answer, notices: outcome?.notices };
    });
    // The chain sees the unassign live, once it is committed (releases spec §4 "Effects").
    if (notices) publishNotices(this.app, notices);
    return answer;
  }

  private itsmeData(data: Body): Record<string, unknown> {
    if (this.kind.type !== 'driver' || !('itsmeData' in data)) return {};
    const itsme = data.itsmeData as { given_name: string; family_name: string } | null;
    return {
      itsme_given_name: itsme?.given_name ?? null,
      itsme_family_name: itsme?.family_name ?? null,
    };
  }

  /**
   * Access spec §4: the releases a change ends the assignment of. Without the signed unassign
   * the 409 lists them to warn first; with it, exactly those are unassigned in this transaction.
   */
  private async unassignEnded(
    trx: Knex.Transaction,
    params: Params,
    identifications: string[],
    unassign: TransporterUnassign | undefined,
  ): Promise<CustodyOutcome | null> {
    const organizationId = userOf(params).organizationId;
    const assigned = await releasesAssignedTo(trx, organizationId, this.kind.type, identifications);
    if (assigned.length === 0) return null;
    if (!unassign) throw appError('transporter_has_assignments', { assignedReleases: assigned });
    const expected = new Set(assigned.map((release) => release.address.toLowerCase()));
    const sent = new Set(unassign.release_addresses.map((address) => address.toLowerCase()));
    if (sent.size !== expected.size || [...sent].some((address) => !expected.has(address)))
      throw appError('release_conflict');
    return unassignForTransporter(trx, custodyCallerOf(params), unassign);
  }

  /** Access spec §8 "already exists": a barge's ENI number or a train's code, once per organisation. */
  private async refuseTakenIdentifier(
    trx: Knex.Transaction,
    user: SessionUser,
    fields: Record<string, unknown>,
    ownId?: number,
  ): Promise<void> {
    const unique = this.kind.unique;
    if (!unique || typeof fields[unique.field] !== 'string') return;
    const taken = await trx(this.kind.table)
      .where({ organization_id: user.organizationId, [unique.column]: fields[unique.field] })
      .modify((query) => (ownId === undefined ? query : query.whereNot({ id: ownId })))
      .first('id');
    if (taken) throw appError(unique.code);
  }

  /** Access spec §5 "Duplicate driver": the first active driver the domain rule matches. */
  private async duplicateDriver(
    trx: Knex.Transaction,
    user: SessionUser,
    fields: Record<string, unknown>,
  ): Promise<TransporterCreateAnswer | null> {
    const drivers: DbRow[] = await trx('drivers')
      .where({ organization_id: user.organizationId, is_active: true })
      .orderBy('id');
    const candidate = {
      firstName: String(fields.firstName),
      lastName: String(fields.lastName),
      email: fields.email as string | null,
      phone: fields.phone as string | null,
    };
    const match = drivers.find((row) =>
      sameDriver(candidate, {
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
      }),
    );
    if (!match) return null;
    const identification = this.kind.identification(match);
    // Access spec §8: said as a taken barge or train is refused, with the same catalogue entry.
    const code = transporterAlreadyExists.driver;
    return {
      isNew: false,
      result: null,
      existingIdentification: identification?.identification ?? null,
      existingIdentificationType: identification?.identificationType ?? null,
      existingName: this.kind.name(match),
      code,
      key: errorTranslationKey(code),
      message: errorCatalogue[code].message,
    };
  }

  private async rowOf(
    db: Knex | Knex.Transaction,
    id: number | string,
    user: SessionUser,
    lock = false,
  ) {
    const numeric = Number(id);
    if (!Number.isSafeInteger(numeric) || numeric <= 0) throw appError('not_found');
    const query = db(this.kind.table).where({ id: numeric, organization_id: user.organizationId });
    if (lock) query.forUpdate();
    const row: DbRow | undefined = await query.first();
    if (!row) throw appError('not_found');
    return row;
  }

  private audit(
    trx: Knex.Transaction,
    user: SessionUser,
    operation: UserOperation,
    row: DbRow,
    removedReleases: RemovedRelease[] = [],
  ) {
    const identification = this.kind.identification(row);
    return recordUserAction(trx, {
      organizationId: user.organizationId,
      userId: user.id,
      operation,
      description: {
        id: row.id,
        name: this.kind.name(row),
        identification: identification?.identification ?? null,
        ...(removedReleases.length ? { removedReleases } : {}),
      },
    });
  }
}

/** Transporters belong to people's organisations; machines (API keys) have none. */
function userOf(params: Params): SessionUser {
  if (!params.user) throw appError('forbidden');
  return params.user;
}
