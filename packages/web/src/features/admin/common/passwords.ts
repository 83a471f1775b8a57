import type { FieldErrors } from './field-errors.ts';

/** The wallet refuses shorter passwords (wallet `addUser`): a new user's initial password. */
export const minimumPasswordLength = 8;

/** Letters and digits that cannot be mistaken for one another when read out or typed over. */
const alphabet = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A random initial password of 14 characters (about 80 bits) for the admin to pass on. */
export function generatePassword(length = 14): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
  let password = '';
  for (const byte of bytes) {
    // Rejection sampling keeps every character equally likely.
    if (byte < 256 - (256 % alphabet.length)) password += alphabet[byte % alphabet.length];
    if (password.length === length) return password;
  }
  return password + generatePassword(length - password.length);
}

/** The problem of an initial password and its repetition, as field → translation key. */
export function initialPasswordProblem(password: string, repeated: string): FieldErrors {
  if (password.length < minimumPasswordLength) return { password: 'validation.password' };
  if (password !== repeated) return { repeatPassword: 'validation.passwordMismatch' };
  return {};
}
