import {
  requestContainerList,
  requestFileContentType,
  requestForReleaseMessages,
  validateRequestForRelease,
  type RequestForReleaseErrors,
  type RequestForReleaseInput,
} from '@scr/domain';
import type { Knex } from 'knex';
import { inTransaction } from '../../db/transaction.ts';
import { validationFailed, type FieldErrors } from '../../releases/field-errors.ts';
import type { RequestCaller } from './request-access.ts';
import { offeredCarriers } from './request-carriers.ts';

/** Strict base64 (what `Buffer.from` would otherwise read leniently, dropping stray bytes). */
const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The domain's message keys as field errors under `requestsForRelease.validation.`. */
export function requestFieldErrors(errors: RequestForReleaseErrors): FieldErrors {
  const fields: FieldErrors = {};
  for (const [field, message] of Object.entries(errors)) {
    if (message) {
      fields[field] = {
        key: `requestsForRelease.validation.${message}`,
        message: requestForReleaseMessages[message],
      };
    }
  }
  return fields;
}

const optional = (value: string | null | undefined) => value?.trim() || null;

/**
 * Sends a request for release (releases spec §3, §5, §7 `requests-for-release` create, the
 * spec's payload): checks it with the domain's rules against the carriers the requester's
 * subscription 11 offers (access spec §9) and the requester's own address, files by content
 * and size, then stores it with its files, open, at the server's time. A refusal is a 400 with
 * the field messages and stores nothing. Answers the new request's id.
 */
export async function sendRequestForRelease(
  knex: Knex,
  caller: RequestCaller,
  data: RequestForReleaseInput,
): Promise<number> {
  const carriers = await offeredCarriers(knex, caller);
  const carrier = carriers.find(
    (offered) => offered.address.toLowerCase() === data.carrierAddress.trim().toLowerCase(),
  );
  const files = (data.files ?? []).map((file) => ({
    ...file,
    name: file.name.trim(),
    bytes: base64.test(file.contentBase64)
      ? Buffer.from(file.contentBase64, 'base64')
      : Buffer.alloc(0),
  }));
  const errors = validateRequestForRelease({ ...data, files }, carrier ?? null, {
    address: caller.organizationAddress,
  });
  files.forEach((file, index) => {
    // Not base64 at all: its content is not what its name says.
    if (!base64.test(file.contentBase64)) errors[`files.${index}`] = 'fileType';
  });
  if (Object.keys(errors).length > 0)
    throw validationFailed([{ errors: requestFieldErrors(errors) }]);
  return inTransaction(knex, async (trx) => {
    const [row] = await trx('requests_for_release')
      .insert({
        organization_id: caller.organizationId,
        carrier_organization_id: carrier!.id,
        bl_number: data.blNumber.trim().toUpperCase(),
        containers_raw: optional(data.containersRaw),
        containers: JSON.stringify(
          requestContainerList(data.containersRaw, data.containers).containers,
        ),
        reference: optional(data.reference),
        invoice_number: optional(data.invoiceNumber),
        // Null for a system's call; `created_at` is the server's time, never `data.createdAt`.
        created_by_user_id: caller.userId,
      })
      .returning('id');
    if (files.length > 0) {
      await trx('request_for_release_files').insert(
        files.map((file) => ({
          request_id: row.id,
          kind: file.kind,
          name: file.name,
          ref: optional(file.ref),
          content_type: requestFileContentType(file.name, file.bytes)!,
          size: file.bytes.length,
          content: file.bytes,
        })),
      );
    }
    return Number(row.id);
  });
}
