import { recoverMessageSigner } from '../crypto/recover-signer.ts';

/**
 * Signers recovered so far, by the statement's hash and the signature: the same bytes always
 * recover the same address, so a trail read again (or by another party of the chain) does not
 * pay the ECDSA recovery again. Sound because the caller checked
 * that the text hashes to that hash; any rewritten byte is another key. Oldest dropped first.
 */
const recovered = new Map<string, string>();
const maxRecovered = 20_000;

export function recoverSigner(hash: string, text: string, signature: string): string {
  const key = `${hash}:${signature}`;
  let signer = recovered.get(key);
  if (signer === undefined) {
    signer = recoverMessageSigner(text, signature);
    if (recovered.size >= maxRecovered) recovered.delete(recovered.keys().next().value!);
    recovered.set(key, signer);
  }
  return signer;
}

/**
 * Remembers a signer known without recovery: the server's own signature, or a custody
 * statement whose signer the command has just recovered. Audit trails read right after an
 * action then verify without paying the recovery.
 */
export function rememberSigner(hash: string, signature: string, signer: string): void {
  if (recovered.size >= maxRecovered) recovered.delete(recovered.keys().next().value!);
  recovered.set(`${hash}:${signature}`, signer);
}
