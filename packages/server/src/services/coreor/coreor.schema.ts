import { Type, type Static } from '@feathersjs/typebox';
import { assertSameType, type CoreorUpload } from '@scr/domain';

/** `POST /api/releases/coreor`: the interchange as text (its size is checked by the service). */
export const coreorUploadSchema = Type.Object(
  {
    content: Type.String({ minLength: 1 }),
    fileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  },
  { additionalProperties: false },
);
assertSameType<Static<typeof coreorUploadSchema>, CoreorUpload>();
