import './native-scrypt.ts';
import { decryptKeystoreJson, encryptKeystoreJson, isKeystoreJson, Wallet } from 'ethers';

/** The scrypt cost of new keystores: Web3 Secret Storage's standard N = 2^17 (about 0.7 s here). */
export const standardScryptN = 1 << 17;

/** Wraps an organisation's private key under one wallet user's password (keystore v3, scrypt). */
export async function sealKeystore(
  privateKey: string,
  password: string,
  scryptN: number = standardScryptN,
): Promise<string> {
  const { address } = new Wallet(privateKey);
  return encryptKeystoreJson({ address, privateKey }, password, { scrypt: { N: scryptN } });
}

/** Unwraps a keystore; null when the password does not open it. */
export async function openKeystore(
  keystore: string,
  password: string,
): Promise<{ address: string; privateKey: string } | null> {
  if (!isKeystoreJson(keystore)) throw new TypeError('not a keystore v3 document');
  try {
    const account = await decryptKeystoreJson(keystore, password);
    return { address: account.address, privateKey: account.privateKey };
  } catch (error) {
    if (error instanceof Error && /incorrect password/i.test(error.message)) return null;
    throw error;
  }
}
