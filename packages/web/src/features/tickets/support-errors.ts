import { apiErrorCode } from '../../api/errors.ts';
import { NetworkError } from '../../api/http.ts';

/**
 * Access spec §8: the failures whose message sends the person to support ("wallet
 * Unauthorized (contact support)", "wallet error opens the support page", "generic error opens
 * the support page"): the wallet's refusal, our own internal error, and a failure without a
 * catalogued code. A failure with its own explanation (validation, conflicts) or no answer at
 * all (the network) does not.
 */
export function offersSupport(error: unknown): boolean {
  if (error instanceof NetworkError) return false;
  const code = apiErrorCode(error);
  return code === null || code === 'wallet_unauthorized' || code === 'internal';
}
