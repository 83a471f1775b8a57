import type { ReleaseStatus } from './release.ts';

/**
 * Releases spec §3 "Container release": how a release row names the parties around the viewer
 * (prevParty, nextParty, owner) and what it tells of blocks, deletion and pincode retrievals, as
 * the viewing organisation may see them (DESIGN §3 "Tenancy"). The server's rows and the web
 * read them the same way.
 */

/** The spec's form of a party: "address:" and an organisation's address, or a free name. */
export type PartyReference = string;

/**
 * An organisation as the spec's prevParty and nextParty name it: `address:0x…`. Every party of
 * this portal's chains is an organisation, so the free-name form is never written; null when
 * there is no such party (or the viewer may not know it).
 */
export function partyReference(address: string | null | undefined): PartyReference | null {
  return address ? `address:${address}` : null;
}

/** Releases spec §3 "blocked" and "deleted", read from the release status (§4). */
export function statusFlags(status: ReleaseStatus): { blocked: boolean; deleted: boolean } {
  return {
    blocked: status === 'blocked' || status === 'blockedForScanning',
    deleted: status === 'deleted',
  };
}

/**
 * Releases spec §3 "owner", as the viewer may know it: itself when it holds the release, the
 * party it passed it to when that party holds it and the viewer sees transfer info (§2, the
 * transferTo column); else null: an owner further down the chain is not the viewer's to know.
 */
export function ownerSeenBy(fact: {
  ownerId: number;
  ownerAddress: string;
  viewerId: number;
  passedToId: number | null;
  seesTransferInfo: boolean;
}): string | null {
  if (fact.ownerId === fact.viewerId) return fact.ownerAddress;
  if (fact.seesTransferInfo && fact.passedToId === fact.ownerId) return fact.ownerAddress;
  return null;
}

/**
 * Releases spec §3 "pincode_logs": one retrieval of a pincode (the signed `pincode` event of the
 * ledger), who and when; never a pincode nor anyone's sealed copy of it.
 */
export interface PincodeLogView {
  organizationAddress: string;
  organizationName: string;
  retrievedAt: string;
}

/**
 * Which pincode retrievals a viewer sees: its own organisation's always; every party's when it
 * reads the release's audit trail (releases spec §6 canAuditTrail), which shows them anyway.
 */
export function pincodeLogReach(readsAuditTrail: boolean): 'own' | 'chain' {
  return readsAuditTrail ? 'chain' : 'own';
}
