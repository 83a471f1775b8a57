import { Type, type Static } from '@feathersjs/typebox';
import {
  assertSameType,
  identificationMethods,
  type TerminalCreate,
  type TerminalPatch,
  type TerminalView,
} from '@scr/domain';

export { identificationMethods };

/** How a driver proves who they are at the gate; null when the terminal does not check. */
const identificationMethod = Type.Union([
  ...identificationMethods.map((method) => Type.Literal(method)),
  Type.Null(),
]);

/** What the terminal's own organisation may change (releases spec §6: per-terminal enablement). */
const settings = {
  name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  identificationMethod: Type.Optional(identificationMethod),
  pinsAllowed: Type.Optional(Type.Boolean()),
  securePickupEnabled: Type.Optional(Type.Boolean()),
  greenLightsShown: Type.Optional(Type.Boolean()),
};
export const terminalSettingNames = Object.keys(settings);

/** Where the terminal is and who runs it: support's to change. */
const placement = {
  portLocode: Type.Optional(Type.String({ pattern: '^[A-Z]{2}[A-Z2-9]{3}$' })),
  ownerOrganizationId: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()])),
};

export const terminalPatchSchema = Type.Object(
  { ...settings, ...placement },
  { additionalProperties: false, minProperties: 1 },
);
assertSameType<Static<typeof terminalPatchSchema>, TerminalPatch>();

export const terminalCreateSchema = Type.Object(
  {
    code: Type.String({ pattern: '^[A-Za-z0-9_-]{1,20}$' }),
    name: Type.String({ minLength: 1, maxLength: 200 }),
    portLocode: Type.String({ pattern: '^[A-Z]{2}[A-Z2-9]{3}$' }),
    identificationMethod: Type.Optional(identificationMethod),
    pinsAllowed: settings.pinsAllowed,
    securePickupEnabled: settings.securePickupEnabled,
    greenLightsShown: settings.greenLightsShown,
    ownerOrganizationId: placement.ownerOrganizationId,
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof terminalCreateSchema>, TerminalCreate>();

export const terminalQuerySchema = Type.Object(
  {
    code: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 200 })])),
    portLocode: Type.Optional(Type.String()),
    /** Only the terminals the caller may configure. */
    editable: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TerminalQuery = Static<typeof terminalQuerySchema>;

/** The contract's shapes (domain `api/`), under the names this service's code uses. */
export type { TerminalCreate, TerminalPatch, TerminalView };
