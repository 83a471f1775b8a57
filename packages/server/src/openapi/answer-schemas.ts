import { StringEnum, Type, type Static, type TSchema } from '@feathersjs/typebox';
import {
  custodyActions,
  gateRefusals,
  greenLightColors,
  greenLightValues,
  identificationTypes,
  modesOfTransport,
  pcsActions,
  pcsReasonMessages,
  releaseStatuses,
  transferStatuses,
  transporterTypes,
  maxBillOfLadingContainers,
  type AssignmentCheck,
  type AssignmentInfo,
  type AuditTrailAnswer,
  type BillOfLadingRow,
  type ContainerRow,
  type CustodyApplyResult,
  type CustodyDryRunAnswer,
  type GateCheckAnswer,
  type GateOutAnswer,
  type GreenLightKind,
  type GreenLights,
  type OverviewPage,
  type PcsApplyAnswer,
  type PcsDryRunAnswer,
  type PcsReason,
  type PcsReportAnswer,
  type PcsReportLine,
  type PortStatusEventsAnswer,
  type ReleaseChange,
} from '@scr/domain';

/**
 * What the machine-facing services answer, as JSON Schema for the OpenAPI document (issue 14
 * item 3). The request schemas are the services' own (`services/*\/*.schema.ts`); the answers
 * are the domain contract's types (`domain/src/api/`, `releases/`), described here and held to
 * them by `describes`: every value of the domain type fits the schema, and the schema names
 * every field the type has, so a field added to the contract fails the type check here until
 * the document says it too.
 */

type Covers<S, T> = [T] extends [S]
  ? [Exclude<T extends unknown ? keyof T : never, S extends unknown ? keyof S : never>] extends [
      never,
    ]
    ? true
    : false
  : false;

/** Compiles only when the schema's type `S` takes every value of `T` and names all its fields. */
export function describes<S, T>(..._proof: Covers<S, T> extends true ? [] : [never]): void {}

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Feathers' `StringEnum` takes no description; the document wants one. */
export const described = <T extends TSchema>(schema: T, description: string): T => ({
  ...schema,
  description,
});
const text = Type.String();
const maybeText = nullable(Type.String());
const isoDate = Type.String({ format: 'date', description: 'YYYY-MM-DD' });
const address = Type.String({ description: 'An EIP-55 address (0x…)' });

const greenLightColor = described(
  StringEnum([...greenLightColors]),
  'Releases spec §4 "Traffic light": green, yellow, gray, otherwise red',
);

/** One kind's light: its value (releases spec §4 "Green Light event values"), colour, time. */
function greenLightOf(kind: GreenLightKind) {
  return Type.Optional(
    Type.Object({
      value: Type.String({ enum: Object.keys(greenLightValues[kind]) }),
      color: greenLightColor,
      updatedAt: Type.String({ format: 'date-time', description: 'When the port’s system saw it' }),
    }),
  );
}

/** The lights received so far, one per kind of the seven (releases spec §3, §4). */
const greenLightEventsSchema = Type.Object({
  commercialrelease: greenLightOf('commercialrelease'),
  terminaloperation: greenLightOf('terminaloperation'),
  terminalready: greenLightOf('terminalready'),
  customs: greenLightOf('customs'),
  customsprogress: greenLightOf('customsprogress'),
  gateoperation: greenLightOf('gateoperation'),
  pickuplight: greenLightOf('pickuplight'),
});
describes<Static<typeof greenLightEventsSchema>, GreenLights['events']>();

/** Releases spec §3 "Traffic-light (Green Lights) data": the lights, the total, the source. */
export const greenLightsSchema = Type.Object(
  {
    events: greenLightEventsSchema,
    total: greenLightColor,
    source: Type.String({
      description: 'The organisation whose status system sent the latest event',
    }),
  },
  { title: 'GreenLights' },
);
describes<Static<typeof greenLightsSchema>, GreenLights>();

/** Releases spec §3 "Container release": one release as the calling organisation sees it. */
export const containerRowSchema = Type.Object(
  {
    id: Type.Integer({ description: 'The release’s number in the portal' }),
    address,
    releaseAddress: Type.String({ description: 'The same as `address` (releases spec §3)' }),
    version: Type.Integer({ description: 'Grows with every change; custody statements name it.' }),
    billOfLadingId: Type.Integer(),
    blNumber: text,
    containerNumber: text,
    isoTypeCode: text,
    vessel: maybeText,
    voyageNumber: maybeText,
    pickupLocation: Type.String({ description: 'The pick-up terminal’s code' }),
    pickupPort: maybeText,
    turnInLocation: maybeText,
    turnInReference: maybeText,
    turnInLocationBarge: maybeText,
    turnInReferenceBarge: maybeText,
    turnInLocationRail: maybeText,
    turnInReferenceRail: maybeText,
    validFrom: isoDate,
    validUntil: isoDate,
    releasedOn: isoDate,
    releaseStatus: StringEnum([...releaseStatuses]),
    transferStatus: StringEnum([...transferStatuses]),
    receivedFrom: maybeText,
    transferTo: maybeText,
    prevParty: Type.Union([Type.String(), Type.Null()], {
      description:
        'Who passed it to you, as `address:0x…` (the spec’s form; every party here is an organisation, so never a free name); null for the carrier',
    }),
    nextParty: Type.Union([Type.String(), Type.Null()], {
      description:
        'To whom you passed it, as `address:0x…`; null until then, or without canSeeTransferInfo',
    }),
    owner: Type.Union([Type.String(), Type.Null()], {
      description:
        'Who holds it now (0x…): you, or the party you passed it to when it holds it and you have canSeeTransferInfo; null when it is further down the chain',
    }),
    creator: Type.String({ description: 'The carrier that created it, by name (as the BL’s)' }),
    ediName: maybeText,
    ediLocode: maybeText,
    blocked: Type.Boolean({ description: '`releaseStatus` is blocked or blockedForScanning' }),
    deleted: Type.Boolean({ description: '`releaseStatus` is deleted' }),
    isSecurePickup: Type.Boolean(),
    sentToPcs: Type.Boolean(),
    ediPcs: maybeText,
    hasPincode: Type.Boolean(),
    pincode_logs: Type.Array(
      Type.Object({
        organizationAddress: address,
        organizationName: text,
        retrievedAt: Type.String({ format: 'date-time' }),
      }),
      {
        description:
          'The pincode retrievals (signed `pincode` events), oldest first: your organisation’s, and with canAuditTrail every party’s; never a pincode or a sealed copy',
      },
    ),
    nextModeOfTransport: nullable(StringEnum([...modesOfTransport])),
    assignedDriverName: maybeText,
    assignedBargeName: maybeText,
    assignedTrainName: maybeText,
    assignedVisitNumber: maybeText,
    greenLights: Type.Union([greenLightsSchema, Type.Null()], {
      description:
        'Releases spec §3 "Traffic-light (Green Lights) data"; null without canGreenLights, at terminals without the display (only BEANR, not CSP120, K420, 120, 420), or before any event',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { title: 'Release' },
);
describes<Static<typeof containerRowSchema>, ContainerRow>();

/** Releases spec §3 "Bill of lading": one BL row of the overview. */
export const billOfLadingRowSchema = Type.Object(
  {
    id: Type.Integer(),
    address: Type.String({
      description:
        'The BL in address form (EIP-55), derived from its carrier’s address and its number: the same for everyone, a name, not a key',
    }),
    blNumber: text,
    portOfLoading: maybeText,
    portOfDestination: maybeText,
    vessel: maybeText,
    agent: maybeText,
    stayNumber: maybeText,
    lloydsNumber: maybeText,
    voyageNumber: maybeText,
    isSecurePickup: Type.Boolean(),
    creator: text,
    containerCount: Type.Integer(),
    containers: Type.Array(containerRowSchema, {
      description: `Those containers, newest first, at most ${maxBillOfLadingContainers}; the rest with \`findContainers\` by \`billOfLadingId\``,
    }),
    assignLocationLabel: Type.Union([Type.String(), Type.Null()], {
      description:
        'The label of the BL’s pickup method (releases spec §2, §3): of the assign location its containers’ pickup locations lie in (the first in order when several), in your preferred language; null when none lies in one',
    }),
  },
  { title: 'BillOfLading' },
);
describes<Static<typeof billOfLadingRowSchema>, BillOfLadingRow>();

/** A page of the overview: Feathers' `{total, limit, skip, data}` and `totalCapped`. */
export function overviewPageSchema<T extends TSchema>(row: T, title: string) {
  return Type.Object(
    {
      total: Type.Integer(),
      limit: Type.Integer(),
      skip: Type.Integer(),
      totalCapped: Type.Boolean({ description: 'The count stopped at `total`: there are more.' }),
      data: Type.Array(row),
    },
    { title },
  );
}
describes<
  Static<ReturnType<typeof overviewPageSchema<typeof containerRowSchema>>>,
  OverviewPage<ContainerRow>
>();

/** Releases spec §7 "patch without id": per release, the release now, or why not. */
export const releaseChangeSchema = Type.Object(
  {
    address,
    release: Type.Optional(containerRowSchema),
    error: Type.Optional(text),
    fields: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { title: 'ReleaseChange' },
);
describes<Static<typeof releaseChangeSchema>, ReleaseChange>();

const eligibleReleaseSchema = Type.Object({
  address,
  blNumber: text,
  containerNumber: text,
  version: Type.Integer(),
  encryptedPincode: Type.Union([Type.String({ description: 'base64 sealed box' }), Type.Null()]),
  pincodeHash: maybeText,
});

const assigneeFields = {
  type: StringEnum([...transporterTypes]),
  identification: text,
  identificationType: StringEnum([...identificationTypes]),
};

/** A release the dry run leaves out, and why (releases spec §4 "Action rules"). */
const refusedReleaseSchema = Type.Object({
  address,
  blNumber: maybeText,
  containerNumber: maybeText,
  reason: Type.String({ description: 'A refusal code (`releases.refusal.{reason}`)' }),
  error: Type.String({ description: 'The reason in English' }),
});

/** DESIGN §3: the first call's answer, what the statement must cover. */
export const custodyDryRunAnswerSchema = Type.Object(
  {
    action: StringEnum([...custodyActions]),
    eligible_releases: Type.Array(eligibleReleaseSchema),
    refused: Type.Array(refusedReleaseSchema),
    target: Type.Optional(
      Type.Object({ id: Type.Integer(), address, name: text, sealingPublicKey: text }),
    ),
    assignee: Type.Optional(
      Type.Object({
        ...assigneeFields,
        name: text,
        salt: Type.String({
          pattern: '^0x[0-9a-f]{32}$',
          description:
            'The salt of the identification commitment the statement binds (keccak-256 of "scr-identification\\n{salt}\\n{identificationType}\\n{identification}"); the second call sends it back as identificationSalt',
        }),
      }),
    ),
    visitNumber: Type.Optional(maybeText),
    serverTime: Type.String({ format: 'date-time' }),
  },
  { title: 'CustodyDryRunAnswer' },
);
describes<Static<typeof custodyDryRunAnswerSchema>, CustodyDryRunAnswer>();

/** The PCS reasons and their words, for the document. */
const pcsReasonText = () =>
  Object.entries(pcsReasonMessages)
    .map(([reason, message]) => `\`${reason}\` (${message})`)
    .join(', ');

/** Releases spec §7, §8: what the PCS made of one release of a PCS action, so far. */
export const pcsReportLineSchema = Type.Object(
  {
    address,
    blNumber: text,
    containerNumber: text,
    result: described(
      StringEnum(['done', 'refused', 'pending']),
      '`done`: sent to, or taken back from, the PCS; `pending`: "sending to PCS", the portal tries again by itself; `refused`: see `reason`',
    ),
    reason: Type.Union([
      described(StringEnum(Object.keys(pcsReasonMessages) as PcsReason[]), pcsReasonText()),
      Type.Null(),
    ]),
    error: Type.Union([Type.String({ description: 'The PCS’s own words' }), Type.Null()]),
  },
  { title: 'PcsReportLine' },
);
describes<Static<typeof pcsReportLineSchema>, PcsReportLine>();

/** DESIGN §3: the second call's answer; `pincode-log` adds each release's sealed copy. */
export const custodyApplyAnswerSchema = Type.Object(
  {
    action: StringEnum([...custodyActions]),
    applied: Type.Array(
      Type.Object({
        address,
        blNumber: text,
        containerNumber: text,
        version: Type.Integer(),
        encryptedPincode: Type.Optional(text),
      }),
    ),
    statementHash: text,
    data: Type.Optional(
      Type.Array(
        Type.Union([
          Type.Object({ address, encryptedPincode: text }),
          Type.Object({ address, error: text }),
        ]),
      ),
    ),
    report: Type.Optional(
      Type.Array(pcsReportLineSchema, {
        description: 'The PCS actions: the PCS’s report per release',
      }),
    ),
  },
  { title: 'CustodyApplyAnswer' },
);
describes<Static<typeof custodyApplyAnswerSchema>, CustodyApplyResult>();

const pcsAction = StringEnum([...pcsActions]);

/** Releases spec §7 `PUT releases/pcs/*` with `dryRun: true`: the spec's `errors` beside `refused`. */
export const pcsDryRunAnswerSchema = Type.Object(
  {
    ...custodyDryRunAnswerSchema.properties,
    errors: Type.Array(refusedReleaseSchema, { description: 'The same as `refused` (spec §7)' }),
  },
  { title: 'PcsDryRunAnswer' },
);
describes<Static<typeof pcsDryRunAnswerSchema>, PcsDryRunAnswer>();

/** The signed call's answer: what the statement covered, and the PCS's report per release. */
export const pcsApplyAnswerSchema = Type.Object(
  {
    action: pcsAction,
    applied: custodyApplyAnswerSchema.properties.applied,
    statementHash: text,
    report: Type.Array(pcsReportLineSchema),
  },
  { title: 'PcsApplyAnswer' },
);
describes<Static<typeof pcsApplyAnswerSchema>, PcsApplyAnswer>();

/** `GET releases/pcs/reports/{statementHash}` (§8): a PCS action's report as it stands. */
export const pcsReportAnswerSchema = Type.Object(
  { action: pcsAction, statementHash: text, report: Type.Array(pcsReportLineSchema) },
  { title: 'PcsReportAnswer' },
);
describes<Static<typeof pcsReportAnswerSchema>, PcsReportAnswer>();

/** `POST port-status/events`: per event, in the order sent, what became of it. */
export const portStatusEventsAnswerSchema = Type.Object(
  {
    results: Type.Array(
      Type.Object({
        index: Type.Integer({ description: 'The event’s position in the call, from 0' }),
        status: described(
          StringEnum(['applied', 'unchanged', 'stale', 'notFound']),
          '`applied`: a light changed; `unchanged`: the releases already showed it; `stale`: a newer event of its kind came first; `notFound`: no live release of it in your ports',
        ),
        releases: Type.Array(
          Type.Object({ address, total: greenLightColor, lights: greenLightsSchema }),
        ),
      }),
    ),
  },
  { title: 'PortStatusEventsAnswer' },
);
describes<Static<typeof portStatusEventsAnswerSchema>, PortStatusEventsAnswer>();

/** Releases spec §3 "Audit trail entry", with the ledger's proof per event. */
export const auditTrailAnswerSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object({
        id: text,
        releaseAddress: address,
        blNumber: text,
        containerNumber: text,
        operation: text,
        operationAt: Type.String({ format: 'date-time' }),
        source: StringEnum(['user', 'apiKey', 'system']),
        sourceOrganizationName: maybeText,
        targetOrganizationName: maybeText,
        firstName: maybeText,
        lastName: maybeText,
        apiKeyName: Type.Optional(maybeText),
        description: Type.Unknown({ description: 'JSON or plain text; never a pincode' }),
        sequence: Type.Integer(),
        hash: text,
        signerAddress: address,
        verified: Type.Boolean(),
        verifyProblem: maybeText,
        checkpointTreeSize: Type.Optional(
          Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
            description:
              'The signed checkpoint (GET /api/ledger/checkpoints/{treeSize}) the event is proven in; null until the next checkpoint.',
          }),
        ),
      }),
    ),
  },
  { title: 'AuditTrailAnswer' },
);
describes<Static<typeof auditTrailAnswerSchema>, AuditTrailAnswer>();

/** Releases spec §3 "Assignment": who the releases are assigned to now. */
export const assignmentInfoSchema = Type.Object(
  {
    hasAssignedReleases: Type.Boolean(),
    assignedDrivers: Type.Array(text),
    assignedBarges: Type.Array(text),
    assignedTrains: Type.Array(text),
    visitNumbers: Type.Array(text),
  },
  { title: 'AssignmentInfo' },
);
describes<Static<typeof assignmentInfoSchema>, AssignmentInfo>();

/** Whether each release may be assigned, and how its terminal identifies drivers. */
export const assignmentCheckSchema = Type.Object(
  {
    portCommunityLinked: Type.Boolean(),
    releases: Type.Array(
      Type.Object({
        address,
        blNumber: maybeText,
        containerNumber: maybeText,
        reason: maybeText,
        key: maybeText,
        error: maybeText,
        terminal: nullable(
          Type.Object({
            code: text,
            identificationMethod: nullable(StringEnum(['alfapass', 'itsme'])),
            portLocode: maybeText,
            connected: Type.Boolean(),
          }),
        ),
        assigneeName: maybeText,
      }),
    ),
  },
  { title: 'AssignmentCheck' },
);
describes<Static<typeof assignmentCheckSchema>, AssignmentCheck>();

/** DESIGN §3 "the gate": allowed with the release, or refused with the reason. */
export const gateCheckAnswerSchema = Type.Union(
  [
    Type.Object({
      allowed: Type.Literal(true),
      releaseAddress: address,
      blNumber: text,
      assignee: Type.Object({ type: StringEnum([...transporterTypes]), name: text }),
    }),
    Type.Object({
      allowed: Type.Literal(false),
      reason: StringEnum([...gateRefusals]),
      message: text,
    }),
  ],
  { title: 'GateCheckAnswer' },
);
describes<Static<typeof gateCheckAnswerSchema>, GateCheckAnswer>();

export const gateOutAnswerSchema = Type.Object(
  {
    releaseAddress: address,
    blNumber: text,
    containerNumber: text,
    gateOutAt: Type.String({ format: 'date-time' }),
    archived: Type.Boolean(),
  },
  { title: 'GateOutAnswer' },
);
describes<Static<typeof gateOutAnswerSchema>, GateOutAnswer>();

/** Every failure (errors/map-error.ts): the catalogue's code, translation key, bad fields. */
export const errorAnswerSchema = Type.Object(
  {
    name: text,
    message: Type.String({ description: 'In English, for machines' }),
    code: Type.Integer({ description: 'The HTTP status' }),
    className: text,
    data: Type.Object({
      code: Type.String({ description: 'The error catalogue’s code (domain errors.ts)' }),
      key: Type.String({ description: 'The translation key, `backend.error.{code}`' }),
      fields: Type.Optional(
        Type.Record(Type.String(), Type.String(), {
          description: 'Field → translation key of what is wrong with it',
        }),
      ),
    }),
  },
  { title: 'Error' },
);
