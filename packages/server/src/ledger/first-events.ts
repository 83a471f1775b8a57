import { eventHash, statementHash, type LedgerEventContent } from '@scr/domain';
import type { Knex } from 'knex';
import {
  eventContent,
  eventRow,
  hashPiece,
  inPieces,
  recordStatements,
  writeEvents,
  type ServerEventInput,
  type SignedStatement,
} from './ledger.ts';

/** A creation's event as known before its release row exists: all but the release's id. */
export type FirstEventInput = Omit<ServerEventInput, 'release'> & {
  release: { address: string; version: number };
  signed: SignedStatement;
};

/** First events hashed ahead (`hashFirstEvents`), in the order of their inputs. */
export interface HashedFirstEvents {
  statementHashes: string[];
  contents: LedgerEventContent[];
  hashes: string[];
}

/**
 * The first events of releases being created, and their statements, hashed before they are
 * written: an event binds its release's address, never its id, and a new release has no event
 * before it, so creation hashes them while the database is still writing the release rows
 * (some 0.05 ms an event: 5,000 of them are a quarter of a second the event loop would
 * otherwise spend after the inserts). In pieces, the event loop turning between them.
 * The time they bind is this call's.
 */
export async function hashFirstEvents(
  inputs: readonly FirstEventInput[],
): Promise<HashedFirstEvents> {
  const createdAt = new Date().toISOString();
  const hashed = await inPieces(inputs, hashPiece, (input) => {
    const statement = { hash: statementHash(input.signed.statement) };
    const content = eventContent(
      { ...input, release: { id: '', ...input.release }, statement, description: input.details },
      null,
      createdAt,
    );
    return { statementHash: statement.hash, content, hash: eventHash(content) };
  });
  return {
    statementHashes: hashed.map((event) => event.statementHash),
    contents: hashed.map((event) => event.content),
    hashes: hashed.map((event) => event.hash),
  };
}

/**
 * `appendServerEvents` for the first events of releases just created in `trx`, hashed before
 * (`hashFirstEvents`, from the same inputs in the same order): their statements recorded,
 * their events written and checked, their webhooks queued. No event of theirs can be there yet,
 * so none is looked up.
 */
export async function appendFirstEvents(
  trx: Knex.Transaction,
  inputs: readonly (ServerEventInput & { signed: SignedStatement })[],
  hashed: HashedFirstEvents,
) {
  const recorded = await recordStatements(
    trx,
    inputs.map((input) => ({ ...input.signed, action: input.operation })),
    hashed.statementHashes,
  );
  const events = inputs.map(({ pincodeHash: _hash, details, signed: _signed, ...input }, i) => ({
    ...input,
    statement: recorded[i]!,
    description: details,
  }));
  const rows = events.map((input, i) => {
    const content = hashed.contents[i]!;
    if (content.releaseAddress !== input.release.address || content.sequence !== 1) {
      throw new Error(`the first event hashed for ${content.releaseAddress} is not that release's`);
    }
    return eventRow(input, content, hashed.hashes[i]!);
  });
  return writeEvents(trx, events, rows, [
    ...new Set(events.map((input) => String(input.release.id))),
  ]);
}
