import type { Params } from '@feathersjs/feathers';
import type {
  CustodyAction,
  CustodyApplyAnswer,
  CustodyApplyRequest,
  CustodyDryRunAnswer,
  PincodeLogEntry,
} from '@scr/domain';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import {
  applyCustody,
  custodyDryRun,
  type CustodyCaller,
} from '../../releases/custody/custody-command.ts';
import { releaseActorOf } from '../../releases/release-actor.ts';
import { publishNotices } from '../../releases/release-notices.ts';
import type { CustodyApplyBody, CustodyDryRunBody } from './custody.schema.ts';

export type CustodyAnswer = CustodyDryRunAnswer | CustodyApplyAnswer;

/** The signed-in person or the system (API key) acting, with the features the rules look at. */
export function custodyCallerOf(params: Params): CustodyCaller {
  const actor = releaseActorOf(params);
  const features = params.user?.features ?? params.apiKey?.features;
  if (!features) throw appError('not_authenticated');
  return { ...actor, features };
}

/**
 * One custody action as a service (`transfers`, `revokes`, `blocks`, `unblocks`,
 * `pincode-log`): create with `dryRun: true` answers what would change; create with the signed
 * statement applies it (DESIGN §3; releases spec §7).
 */
export class CustodyService {
  constructor(
    private readonly app: Application,
    private readonly action: CustodyAction,
  ) {}

  /**
   * The transfer's target by address or, as releases spec §7 names it for the second call, by
   * `target_organization_id` (the dry run's `target.id`): its address. An id that names no
   * organisation is answered like one the caller is not connected to (`transferTarget` checks
   * the connection), so it reveals nothing; an id and an address that name two organisations
   * are refused.
   */
  private async targetAddress(
    data: Pick<CustodyDryRunBody, 'target_organization_address' | 'target_organization_id'>,
  ): Promise<string | null> {
    const id = data.target_organization_id;
    if (this.action !== 'transfer' || id === null || id === undefined) {
      return data.target_organization_address ?? null;
    }
    // An id beyond PostgreSQL's integer names no organisation (and must not reach the query).
    const named =
      id >= 1 && id <= 2_147_483_647
        ? await this.app.get('knex')('organizations').where({ id }).first('address')
        : undefined;
    if (!named) throw appError('no_finalized_connection');
    const address = data.target_organization_address;
    if (address && address.toLowerCase() !== String(named.address).toLowerCase()) {
      throw appError('validation_failed', {
        message: 'target_organization_id and target_organization_address name two organisations.',
        fields: { target_organization_id: 'validation.invalid' },
      });
    }
    return named.address;
  }

  /** The two calls, each validated by its own schema (custody.ts `validateCustodyBody`). */
  async create(
    data: CustodyDryRunBody | CustodyApplyBody,
    params: Params = {},
  ): Promise<CustodyAnswer> {
    const caller = custodyCallerOf(params);
    const knex = this.app.get('knex');
    const targetAddress = await this.targetAddress(data);
    if (data.dryRun) {
      const addresses = data.release_addresses.map((item) =>
        typeof item === 'string' ? item : item.address,
      );
      return custodyDryRun(knex, this.action, caller, addresses, targetAddress);
    }
    const request: CustodyApplyRequest = {
      release_addresses: data.release_addresses,
      target_organization_address: targetAddress ?? undefined,
      statement: data.statement,
      signature: data.signature,
    };
    const outcome = await inTransaction(knex, (trx) =>
      applyCustody(trx, this.action, caller, request, {
        portalUrl: this.app.get('config')?.publicUrl ?? null,
      }),
    );
    publishNotices(this.app, outcome.notices);
    const answer: CustodyApplyAnswer = {
      action: this.action,
      applied: outcome.applied,
      statementHash: outcome.statementHash,
    };
    if (this.action !== 'pincode') return answer;
    // Spec §3 "Pincode result": per release its sealed copy (a release without one was
    // refused in the dry run, `noPincode`).
    const entries: PincodeLogEntry[] = outcome.applied.map(({ address, encryptedPincode }) => ({
      address,
      encryptedPincode: encryptedPincode!,
    }));
    return { ...answer, data: entries } as CustodyApplyAnswer;
  }
}
