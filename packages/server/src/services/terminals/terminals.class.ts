import type { Id, Params } from '@feathersjs/feathers';
import type { Knex } from 'knex';
import { authorize, may } from '../../auth/admin-policy.ts';
import type { Application } from '../../declarations.ts';
import { inTransaction } from '../../db/transaction.ts';
import { appError } from '../../errors/app-error.ts';
import {
  terminalSettingNames,
  type TerminalCreate,
  type TerminalPatch,
  type TerminalQuery,
  type TerminalView,
} from './terminals.schema.ts';
import type { DbRow } from '../../kit/db-row.ts';

const columnOf: Record<string, string> = {
  name: 'name',
  identificationMethod: 'identification_method',
  pinsAllowed: 'pins_allowed',
  securePickupEnabled: 'secure_pickup_enabled',
  greenLightsShown: 'green_lights_shown',
  portLocode: 'port_locode',
  ownerOrganizationId: 'owner_organization_id',
};

const rowsOf = (db: Knex | Knex.Transaction) =>
  db('terminals as t')
    .join('ports as p', 'p.locode', 't.port_locode')
    .leftJoin('organizations as o', 'o.id', 't.owner_organization_id')
    .select('t.*', 'p.name as port_name', 'o.name as owner_name');

const ownerOf = (row: { owner_organization_id: number | null }) => ({
  organizationIds: [row.owner_organization_id],
  visible: true,
});

/**
 * `terminals` (releases spec §6, §7 "terminals find"): every signed-in user reads them; support
 * creates and changes them; a terminal organisation's admin changes the settings of its own.
 */
export class TerminalsService {
  constructor(private readonly app: Application) {}

  async find(params: Params = {}): Promise<TerminalView[]> {
    authorize(params, 'terminal.read');
    const query = (params.query ?? {}) as TerminalQuery;
    const rows = rowsOf(this.app.get('knex')).orderByRaw('lower(t.name), t.code');
    if (query.code !== undefined) rows.whereIn('t.code', [query.code].flat());
    if (query.portLocode) rows.where('t.port_locode', query.portLocode);
    const terminals = (await rows).map((row) => this.present(row, params));
    return query.editable ? terminals.filter((terminal) => terminal.canConfigure) : terminals;
  }

  async get(id: Id, params: Params = {}): Promise<TerminalView> {
    authorize(params, 'terminal.read');
    return this.present(await this.row(this.app.get('knex'), id), params);
  }

  async create(data: TerminalCreate, params: Params = {}): Promise<TerminalView> {
    authorize(params, 'terminal.create');
    const knex = this.app.get('knex');
    await this.checkPlacement(knex, data);
    await knex('terminals').insert({
      code: data.code,
      name: data.name.trim(),
      port_locode: data.portLocode,
      identification_method: data.identificationMethod ?? null,
      pins_allowed: data.pinsAllowed ?? true,
      secure_pickup_enabled: data.securePickupEnabled ?? false,
      green_lights_shown: data.greenLightsShown ?? true,
      owner_organization_id: data.ownerOrganizationId ?? null,
    });
    return this.get(data.code, params);
  }

  async patch(id: Id | null, data: TerminalPatch, params: Params = {}) {
    return inTransaction(this.app.get('knex'), async (trx) => {
      const current = await this.row(trx, id, true);
      const onlySettings = Object.keys(data).every((key) => terminalSettingNames.includes(key));
      authorize(
        params,
        onlySettings ? 'terminal.configure' : 'terminal.reassign',
        ownerOf(current),
      );
      await this.checkPlacement(trx, data);
      const changes: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(data)) {
        const column = columnOf[field];
        if (column) changes[column] = typeof value === 'string' ? value.trim() : value;
      }
      await trx('terminals').where({ code: current.code }).update(changes);
      return this.present(await this.row(trx, current.code), params);
    });
  }

  private async row(db: Knex | Knex.Transaction, id: Id | null, lock = false) {
    const query = rowsOf(db).where('t.code', String(id));
    if (lock) query.forUpdate('t');
    const row = await query.first();
    if (!row) throw appError('not_found');
    return row;
  }

  /** The port and owner must exist; the owner must be a terminal organisation. */
  private async checkPlacement(db: Knex | Knex.Transaction, data: TerminalPatch) {
    if (
      data.portLocode &&
      !(await db('ports').where({ locode: data.portLocode }).first('locode'))
    ) {
      throw appError('validation_failed', { fields: { portLocode: 'validation.unknownPort' } });
    }
    if (data.ownerOrganizationId) {
      const owner = await db('organizations').where({ id: data.ownerOrganizationId }).first('role');
      if (owner?.role !== 'terminal') {
        throw appError('validation_failed', {
          fields: { ownerOrganizationId: 'validation.terminalOrganization' },
        });
      }
    }
  }

  private present(row: DbRow, params: Params): TerminalView {
    return {
      code: row.code,
      name: row.name,
      portLocode: row.port_locode,
      portName: row.port_name,
      identificationMethod: row.identification_method,
      pinsAllowed: row.pins_allowed,
      securePickupEnabled: row.secure_pickup_enabled,
      greenLightsShown: row.green_lights_shown,
      ownerOrganizationId: row.owner_organization_id,
      ownerOrganizationName: row.owner_name,
      canConfigure: may(params, 'terminal.configure', ownerOf(row as never)),
    };
  }
}
