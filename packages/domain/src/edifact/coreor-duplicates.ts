import type { CoreorMessageAnswer } from '../api/coreor.ts';
import type { CoreorError } from './coreor-rules.ts';
import type { CoreorInterchange } from './coreor.ts';

/**
 * What counts as a duplicate COREOR (README "EDIFACT COREOR"), for one carrier organisation:
 *
 * - An interchange is known by its sender (UNB S002) and control reference (UNB 0020). Once one
 *   whose envelope was read without error was received, the same sender and reference again is
 *   a duplicate: nothing of it is done and each of its messages is answered `duplicate`. An
 *   interchange refused whole (syntax or envelope) claims nothing: corrected, it may come again
 *   under the same reference.
 * - A message is known by its sender and message reference (UNH 0062). Once something of a
 *   message was taken, the same sender and reference again, in any later interchange, is a
 *   duplicate: it is answered `duplicate` and nothing of it is done, while the other messages of
 *   that interchange are carried out. A message of which nothing was taken claims nothing.
 *
 * The server keeps the claims under unique constraints (migration 0039), so two posts of the
 * same interchange at once carry it out once.
 */

/** The interchange's sender and control reference when it claims them, else null. */
export function interchangeClaim(
  interchange: CoreorInterchange,
): { sender: string; controlReference: string } | null {
  const { sender, controlReference, errors } = interchange;
  return errors.length === 0 && sender && controlReference ? { sender, controlReference } : null;
}

/** Whether a message may claim its reference: the reader refused nothing of the message itself. */
export const mayClaimMessage = (message: { reference: string; errors: readonly unknown[] }) =>
  message.errors.length === 0 && message.reference !== '';

/** Whether a message's answer keeps its claim: something of it was taken. */
export const keepsMessageClaim = (message: CoreorMessageAnswer) =>
  message.releases.some((release) => release.status === 'accepted');

/**
 * A message answered as a duplicate, nothing of it done: with the reason at its UNH when the
 * message itself was received before (`header`), without when its whole interchange was (the
 * interchange's error says so).
 */
export function duplicateMessageAnswer(
  message: CoreorMessageAnswer,
  header?: string,
): CoreorMessageAnswer {
  const errors: CoreorError[] =
    header === undefined ? [] : [{ segment: header, position: 1, reason: 'duplicateMessage' }];
  return {
    ...message,
    status: 'duplicate',
    errors,
    releases: message.releases.map((release) => ({
      ...release,
      status: 'duplicate',
      errors: [],
    })),
  };
}

/** The error an interchange received before is answered with, at its UNB. */
export const duplicateInterchangeError = (interchange: CoreorInterchange): CoreorError => ({
  segment: interchange.header,
  position: 1,
  reason: 'duplicateInterchange',
});
