import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  maxTransporterTextLength,
  type BargeInput,
  type BargePatch,
  type DriverInput,
  type DriverPatch,
  type TrainInput,
  type TrainPatch,
} from '@scr/domain';

/**
 * The bodies of `drivers`, `barges` and `trains` (access spec §7 "Transporters"). The schemas
 * check shapes only; the rules of access spec §5 are domain `validateDriver`, `validateBarge`
 * and `validateTrain`, which answer per-field messages the forms share.
 */
const text = Type.String({ maxLength: maxTransporterTextLength });
const optionalText = Type.Optional(Type.Union([text, Type.Null()]));
const strict = { additionalProperties: false } as const;

/** The signed second call of an unassign for exactly the listed releases. */
const unassign = Type.Optional(
  Type.Object(
    {
      release_addresses: Type.Array(Type.String({ maxLength: 100 }), {
        minItems: 1,
        maxItems: 500,
      }),
      statement: Type.String({ maxLength: 200_000 }),
      signature: Type.String({ maxLength: 200 }),
    },
    strict,
  ),
);

export const driverInputSchema = Type.Object(
  {
    firstName: text,
    lastName: text,
    email: optionalText,
    phone: optionalText,
    alfaPass: optionalText,
    sendItsmeLink: Type.Optional(Type.Boolean()),
    confirmed: Type.Optional(Type.Boolean()),
  },
  strict,
);
assertSameType<Static<typeof driverInputSchema>, DriverInput>();

export const driverPatchSchema = Type.Object(
  {
    firstName: Type.Optional(text),
    lastName: Type.Optional(text),
    email: optionalText,
    phone: optionalText,
    alfaPass: optionalText,
    isActive: Type.Optional(Type.Boolean()),
    itsmeCode: optionalText,
    itsmeData: Type.Optional(
      Type.Union([Type.Object({ given_name: text, family_name: text }, strict), Type.Null()]),
    ),
    sendItsmeLink: Type.Optional(Type.Boolean()),
    copyItsmeLink: Type.Optional(Type.Boolean()),
    stateCode: Type.Optional(text),
    unassign,
  },
  strict,
);
assertSameType<Static<typeof driverPatchSchema>, DriverPatch>();

export const bargeInputSchema = Type.Object(
  { name: text, eniNumber: text, confirmed: Type.Optional(Type.Boolean()) },
  strict,
);
assertSameType<Static<typeof bargeInputSchema>, BargeInput>();

export const bargePatchSchema = Type.Object(
  {
    name: Type.Optional(text),
    eniNumber: Type.Optional(text),
    isActive: Type.Optional(Type.Boolean()),
    unassign,
  },
  strict,
);
assertSameType<Static<typeof bargePatchSchema>, BargePatch>();

export const trainInputSchema = Type.Object(
  { name: text, trainCode: text, confirmed: Type.Optional(Type.Boolean()) },
  strict,
);
assertSameType<Static<typeof trainInputSchema>, TrainInput>();

export const trainPatchSchema = Type.Object(
  {
    name: Type.Optional(text),
    trainCode: Type.Optional(text),
    isActive: Type.Optional(Type.Boolean()),
    unassign,
  },
  strict,
);
assertSameType<Static<typeof trainPatchSchema>, TrainPatch>();

/** `GET drivers|barges|trains?is_active=true|false`; without it, every row. */
export const transporterQuerySchema = Type.Object(
  { is_active: Type.Optional(Type.Boolean()) },
  strict,
);
