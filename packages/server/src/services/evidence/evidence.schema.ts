import { Type } from '@feathersjs/typebox';

/**
 * `ledger/evidence` find: one container number or one BL number, as text; the service reads
 * them (`evidenceScopeOf`) and answers an `evidence_*` error naming what is wrong.
 */
export const evidenceQuerySchema = Type.Object(
  {
    containerNumber: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'An ISO 6346 container number (4 letters, 7 digits), spaces and case ignored',
      }),
    ),
    blNumber: Type.Optional(
      Type.String({ maxLength: 100, description: 'A bill of lading number, case ignored' }),
    ),
  },
  { additionalProperties: false },
);
