import { scrypt as nodeScrypt } from 'node:crypto';
import { scrypt as ethersScrypt } from 'ethers';

/**
 * Keystore v3 (Web3 Secret Storage) stretches each password with scrypt. ethers computes it in
 * JavaScript on the event loop; Node's own scrypt runs natively on the libuv thread pool, so an
 * unlock costs a fraction of the time and other requests keep being answered meanwhile. The
 * keystore format and its results are the same; only the engine changes.
 */
export function nativeScrypt(
  password: Uint8Array,
  salt: Uint8Array,
  N: number,
  r: number,
  p: number,
  dkLen: number,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    nodeScrypt(
      password,
      salt,
      dkLen,
      { N, r, p, maxmem: 256 * N * r + 1024 * 1024 },
      (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))),
    );
  });
}

function register(): void {
  try {
    ethersScrypt.register(nativeScrypt);
  } catch {
    // Already registered (or locked) by another copy of this module: the native engine is in place.
  }
}

register();
