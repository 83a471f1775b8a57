/**
 * Releases spec §6 "Secure Pick-up depends on enablement per terminal and per carrier": a
 * release is a secure pick-up (its container leaves only with an assigned driver, barge or
 * train) when both its pick-up terminal and its carrier have Secure Pick-up enabled. Create and
 * edit store it on the release; custody actions and pincode eligibility decide on it.
 */
export function isSecurePickup(enablement: {
  terminalSecurePickup: boolean;
  carrierSecurePickup: boolean;
}): boolean {
  return enablement.terminalSecurePickup && enablement.carrierSecurePickup;
}
