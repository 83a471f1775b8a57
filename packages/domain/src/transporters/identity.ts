import type { IdentificationType, TransporterType } from '../api/transporters.ts';
import type { ErrorCode } from '../errors.ts';
import { phoneDigits } from './validation.ts';

/** The identity the duplicate rule compares (access spec §5 "Duplicate driver"). */
export interface DriverIdentity {
  firstName: string;
  lastName: string;
  email?: string | null;
  phone?: string | null;
}

const folded = (value: string | null | undefined) => (value ?? '').trim().toLowerCase();

/**
 * Access spec §5: a driver is a duplicate of another with the same first and last name, the same
 * e-mail or the same phone digits, compared case-insensitively; creating one asks to confirm.
 */
export function sameDriver(a: DriverIdentity, b: DriverIdentity): boolean {
  const sameName =
    folded(a.firstName) === folded(b.firstName) && folded(a.lastName) === folded(b.lastName);
  const sameEmail = folded(a.email) !== '' && folded(a.email) === folded(b.email);
  const samePhone = phoneDigits(a.phone) !== '' && phoneDigits(a.phone) === phoneDigits(b.phone);
  return sameName || sameEmail || samePhone;
}

/**
 * Access spec §4 "Drivers, barges, trains", §8: the "already exists" message of each kind, one
 * table for the three. A barge or train whose identifier is taken is refused with it (409); a
 * duplicate driver's answer (`isNew` false) says it and asks to confirm.
 */
export const transporterAlreadyExists = {
  driver: 'driver_already_exists',
  barge: 'barge_already_exists',
  train: 'train_already_exists',
} as const satisfies Record<TransporterType, ErrorCode>;

/** A driver's identifications: the Alfapass and the itsme code it was registered with. */
export interface DriverIdentifications {
  alfaPass?: string | null;
  itsmeCode?: string | null;
}

/**
 * Access spec §2 "Drivers, barges, trains": a driver with neither Alfapass nor itsme code is
 * flagged "Identification required".
 */
export function identificationRequired(driver: DriverIdentifications): boolean {
  return !driver.alfaPass && !driver.itsmeCode;
}

/** What a transporter is known by at the gate, as an assignment records it (DESIGN §3). */
export interface Identification {
  identification: string;
  identificationType: IdentificationType;
}

/** A driver's identification: the Alfapass when it has one, else its itsme code, else none. */
export function driverIdentification(driver: DriverIdentifications): Identification | null {
  if (driver.alfaPass) return { identification: driver.alfaPass, identificationType: 'alfapass' };
  if (driver.itsmeCode) return { identification: driver.itsmeCode, identificationType: 'itsme' };
  return null;
}

/** The field that holds each kind's identifier (access spec §4 "Drivers, barges, trains"). */
export const identifierFields = {
  driver: ['alfaPass', 'itsmeCode'],
  barge: ['eniNumber'],
  train: ['trainCode'],
} as const satisfies Record<TransporterType, readonly string[]>;

/** A transporter's identifiers and active flag, before or after a PATCH. */
export type TransporterState = Record<string, string | boolean | null | undefined> & {
  isActive: boolean;
};

/**
 * Access spec §4 "Drivers, barges, trains": deactivating a transporter, or changing its
 * identifier (driver Alfapass or itsme code, barge ENI number, train code), unassigns the
 * releases assigned to it. Answers the identifications whose assignments the change ends: every
 * identifier on deactivation, else each one the patch changes; empty when nothing is unassigned.
 */
export function identificationsEnded(
  type: TransporterType,
  before: TransporterState,
  patch: Partial<TransporterState>,
): string[] {
  if (!before.isActive) return [];
  const ended: string[] = [];
  for (const field of identifierFields[type]) {
    const value = before[field];
    if (typeof value !== 'string') continue;
    if (patch.isActive === false || (field in patch && (patch[field] ?? null) !== value))
      ended.push(value);
  }
  return ended;
}
