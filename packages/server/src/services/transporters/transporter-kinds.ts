import {
  driverIdentification,
  identificationRequired,
  transporterAlreadyExists,
  validateBarge,
  validateDriver,
  validateTrain,
  type Barge,
  type Driver,
  type ErrorCode,
  type Identification,
  type Train,
  type Transporter,
  type TransporterErrors,
  type TransporterState,
  type TransporterType,
} from '@scr/domain';
import type { DbRow } from '../../kit/db-row.ts';

/**
 * What differs between drivers, barges and trains (access spec §3): their table, the fields a
 * body may set and their columns, the domain rule that validates them, how a row is presented
 * and what identifies it at the gate.
 */
export interface TransporterKind {
  type: TransporterType;
  table: 'drivers' | 'barges' | 'trains';
  /** Body field → column, for the fields a create or patch stores. */
  columns: Record<string, string>;
  /** The identifier unique within the organisation (barges, trains) and its 409 code. */
  unique: { field: string; column: string; code: ErrorCode } | null;
  validate(fields: Record<string, unknown>, options: { sendItsmeLink: boolean }): TransporterErrors;
  present(row: DbRow, organizationAddress: string): Transporter;
  /** The identifiers (body field names) and active flag, for domain `identificationsEnded`. */
  state(row: DbRow): TransporterState;
  identification(row: DbRow): Identification | null;
  name(row: DbRow): string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const nullable = (value: unknown) => (typeof value === 'string' ? value : null);

const driver: TransporterKind = {
  type: 'driver',
  table: 'drivers',
  columns: {
    firstName: 'first_name',
    lastName: 'last_name',
    email: 'email',
    phone: 'phone',
    alfaPass: 'alfa_pass',
    itsmeCode: 'itsme_code',
    isActive: 'is_active',
  },
  unique: null,
  validate: (fields, { sendItsmeLink }) =>
    validateDriver({
      firstName: text(fields.firstName),
      lastName: text(fields.lastName),
      email: nullable(fields.email),
      phone: nullable(fields.phone),
      alfaPass: nullable(fields.alfaPass),
      sendItsmeLink,
    }),
  present: (row, organizationAddress): Driver => ({
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`,
    email: row.email,
    phone: row.phone,
    alfaPass: row.alfa_pass,
    itsmeCode: row.itsme_code,
    itsmeData:
      row.itsme_given_name || row.itsme_family_name
        ? { given_name: row.itsme_given_name ?? '', family_name: row.itsme_family_name ?? '' }
        : null,
    isActive: row.is_active,
    identificationRequired: identificationRequired({
      alfaPass: row.alfa_pass,
      itsmeCode: row.itsme_code,
    }),
    organization_address: organizationAddress,
  }),
  state: (row) => ({ alfaPass: row.alfa_pass, itsmeCode: row.itsme_code, isActive: row.is_active }),
  identification: (row) =>
    driverIdentification({ alfaPass: row.alfa_pass, itsmeCode: row.itsme_code }),
  name: (row) => `${row.first_name} ${row.last_name}`,
};

const barge: TransporterKind = {
  type: 'barge',
  table: 'barges',
  columns: { name: 'name', eniNumber: 'eni_number', isActive: 'is_active' },
  unique: { field: 'eniNumber', column: 'eni_number', code: transporterAlreadyExists.barge },
  validate: (fields) =>
    validateBarge({ name: text(fields.name), eniNumber: text(fields.eniNumber) }),
  present: (row): Barge => ({
    id: row.id,
    name: row.name,
    eniNumber: row.eni_number,
    identification: row.eni_number,
    isActive: row.is_active,
  }),
  state: (row) => ({ eniNumber: row.eni_number, isActive: row.is_active }),
  identification: (row) => ({ identification: row.eni_number, identificationType: 'eni' }),
  name: (row) => row.name,
};

const train: TransporterKind = {
  type: 'train',
  table: 'trains',
  columns: { name: 'name', trainCode: 'train_code', isActive: 'is_active' },
  unique: { field: 'trainCode', column: 'train_code', code: transporterAlreadyExists.train },
  validate: (fields) =>
    validateTrain({ name: text(fields.name), trainCode: text(fields.trainCode) }),
  present: (row): Train => ({
    id: row.id,
    name: row.name,
    trainCode: row.train_code,
    identification: row.train_code,
    isActive: row.is_active,
  }),
  state: (row) => ({ trainCode: row.train_code, isActive: row.is_active }),
  identification: (row) => ({ identification: row.train_code, identificationType: 'train' }),
  name: (row) => row.name,
};

export const transporterKinds: Record<TransporterType, TransporterKind> = { driver, barge, train };

/** A body's text fields trimmed, blank optional ones as null (alfaPass kept as typed: no zero added). */
export function normalized(
  kind: TransporterKind,
  body: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of Object.keys(kind.columns)) {
    if (!(field in body)) continue;
    const value = body[field];
    out[field] =
      typeof value === 'string' ? (value.trim() === '' ? null : value.trim()) : (value ?? null);
  }
  return out;
}

/** A row's stored fields under their body names. */
export function fieldsOf(kind: TransporterKind, row: DbRow): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(kind.columns).map(([field, column]) => [field, row[column]]),
  );
}

/** Body fields → columns of the kind's table. */
export function columnsOf(
  kind: TransporterKind,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([field]) => field in kind.columns)
      .map(([field, value]) => [kind.columns[field]!, value]),
  );
}
