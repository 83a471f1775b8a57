import { Type, type Static } from '@feathersjs/typebox';

/** What the web app learns about the server before anyone signs in. */
export const appInfoSchema = Type.Object(
  {
    name: Type.String(),
    /** Absent in production, so the public answer does not tell attackers what runs (issue 9 §5). */
    version: Type.Optional(Type.String()),
    environment: Type.String(),
    chatScriptUrl: Type.Union([Type.String(), Type.Null()]),
    analyticsScriptUrl: Type.Union([Type.String(), Type.Null()]),
    supportEmail: Type.Union([Type.String(), Type.Null()]),
    /** The server's signing address: ledger events it records verify against it (DESIGN §3). */
    serverAddress: Type.String(),
  },
  { $id: 'AppInfo', additionalProperties: false },
);

export type AppInfo = Static<typeof appInfoSchema>;
