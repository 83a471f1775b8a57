/**
 * What each tag of the document groups (its `tags[].description`): every operation's `tag` has
 * one here, which `openapi.api.test.ts` and the document's lint (`redocly.yaml`) check.
 */
export const tagDescriptions: Record<string, string> = {
  Releases:
    'Carriers create, edit and delete their releases (releases spec §3 "Create payload", "Edit form fields"; §5 for the rules), and read one release of their chain.',
  Find: 'The overview’s finds (releases spec §2, §7): your releases grouped by bill of lading or one per container, searched, filtered, paged and sorted as in the portal.',
  Organisations:
    'Your own organisation and the organisations connected to it (releases spec §6: a transfer goes only to an organisation with a finalised connection): their names, addresses and roles, and the sealing key a pincode is resealed to.',
  'Requests for release':
    'A forwarder’s request that a carrier release the containers of a BL (releases spec §3, §5, §7), with its files.',
  Custody:
    'Transfer, revoke, block, unblock and fetch pincodes (releases spec §4, §7): two calls each, a dry run and the call with the statement your organisation key signed in your own wallet (the `…Statement` schemas say what is signed and how).',
  Assignment:
    'Assign releases to a driver, barge or train and undo it (releases spec §5 "Assign identification"), signed as the custody actions; and who they are assigned to now.',
  PCS: 'Send releases to the port community system and take them back (releases spec §7, §8), signed as the custody actions, with the PCS’s report per release.',
  'Audit trail':
    'Every ledger event of a release of your chain, who acted and whether it verifies, and evidence bundles to check offline (docs/ledger.md).',
  'Terminal gate':
    'A terminal’s gate: checks a driver’s, barge’s or train’s identification, and reports that a container left. Systems only.',
  'Port status':
    'The port’s status system reports green-light events (releases spec §3, §4 "Traffic light"). Systems only.',
  EDIFACT: 'Carriers’ release orders as EDIFACT COREOR D95B, answered per message (APERAK).',
  Ledger:
    'The ledger’s signed checkpoints and RFC 9162 proofs: that an event of your chain is logged, and that a later checkpoint extends one you kept (docs/ledger.md).',
  'API keys':
    'The keys your systems authenticate with (Administration → API keys): an organisation admin makes, lists and revokes them with a signed-in session; a key cannot manage keys.',
};
