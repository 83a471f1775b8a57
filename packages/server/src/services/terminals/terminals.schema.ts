import { Type, type Static } from '@feathersjs/typebox';

export const identificationMethods = ['alfapass', 'itsme'] as const;

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
export type TerminalPatch = Static<typeof terminalPatchSchema>;

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
export type TerminalCreate = Static<typeof terminalCreateSchema>;

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

/** A terminal (releases spec §3, §6) with whether the caller may change its settings. */
export interface TerminalView {
  code: string;
  name: string;
  portLocode: string;
  portName: string;
  identificationMethod: (typeof identificationMethods)[number] | null;
  pinsAllowed: boolean;
  securePickupEnabled: boolean;
  greenLightsShown: boolean;
  ownerOrganizationId: number | null;
  ownerOrganizationName: string | null;
  canConfigure: boolean;
}
