import {
  validateBarge,
  validateDriver,
  validateTrain,
  type TransporterErrors,
  type TransporterType,
} from '@scr/domain';

/** A text field of an add or edit dialog; its label is `transporters.fields.{name}`. */
export interface TextFieldSpec {
  name: string;
  required?: boolean;
  type?: 'text' | 'email' | 'tel';
  /** Only when adding (an itsme link is asked for in the identification dialog later). */
  createOnly?: boolean;
}

/** Access spec §3 "Driver", "Barge", "Train": the fields each add and edit dialog shows. */
export const transporterFields: Record<TransporterType, TextFieldSpec[]> = {
  driver: [
    { name: 'firstName', required: true },
    { name: 'lastName', required: true },
    { name: 'email', type: 'email' },
    { name: 'phone', type: 'tel' },
    { name: 'alfaPass' },
  ],
  barge: [
    { name: 'name', required: true },
    { name: 'eniNumber', required: true },
  ],
  train: [
    { name: 'name', required: true },
    { name: 'trainCode', required: true },
  ],
};

/** Empty values for a kind's add dialog. */
export function emptyValues(type: TransporterType): Record<string, string> {
  return Object.fromEntries(transporterFields[type].map((field) => [field.name, '']));
}

/** Access spec §5, through the domain rule each kind has (the server applies the same). */
export function validateValues(
  type: TransporterType,
  values: Record<string, string>,
  sendItsmeLink = false,
): TransporterErrors {
  if (type === 'driver')
    return validateDriver({
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      email: values.email,
      phone: values.phone,
      alfaPass: values.alfaPass,
      sendItsmeLink,
    });
  if (type === 'barge')
    return validateBarge({ name: values.name ?? '', eniNumber: values.eniNumber ?? '' });
  return validateTrain({ name: values.name ?? '', trainCode: values.trainCode ?? '' });
}

/** The body of a create or patch: text trimmed, blank optional fields as null. */
export function bodyOf(type: TransporterType, values: Record<string, string>) {
  return Object.fromEntries(
    transporterFields[type].map((field) => {
      const text = (values[field.name] ?? '').trim();
      return [field.name, text === '' && !field.required ? null : text];
    }),
  );
}
