// Opening and resealing pincodes in batches, synchronously: the one implementation that both the
// event loop (small batches, in short pieces) and the pincode workers (pincode-worker.mjs) run.
// Plain JavaScript, so that a worker thread loads it without tsx, beside the server's bundle too.

/** Opens each sealed pincode (base64) with the key pair; null for one that does not open. */
export function openBatch(sodium, sealed, publicKey, privateKey) {
  const base64 = sodium.base64_variants.ORIGINAL;
  return sealed.map((encryptedPincode) => {
    try {
      const box = sodium.from_base64(encryptedPincode, base64);
      return sodium.to_string(sodium.crypto_box_seal_open(box, publicKey, privateKey));
    } catch {
      return null;
    }
  });
}

/** Opens each pincode and seals it to `targetPublicKey`; null for one that does not open. */
export function resealBatch(sodium, sealed, publicKey, privateKey, targetPublicKey) {
  const base64 = sodium.base64_variants.ORIGINAL;
  return sealed.map((encryptedPincode) => {
    let clear = null;
    try {
      const box = sodium.from_base64(encryptedPincode, base64);
      clear = sodium.crypto_box_seal_open(box, publicKey, privateKey);
      return sodium.to_base64(sodium.crypto_box_seal(clear, targetPublicKey), base64);
    } catch {
      return null;
    } finally {
      clear?.fill(0);
    }
  });
}

/** Seals each pincode in clear to `publicKey` (base64), as `sealPincode` does one. */
export function sealBatch(sodium, pincodes, publicKey) {
  const base64 = sodium.base64_variants.ORIGINAL;
  return pincodes.map((pincode) =>
    sodium.to_base64(sodium.crypto_box_seal(sodium.from_string(pincode), publicKey), base64),
  );
}
