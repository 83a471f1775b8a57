import type { AssignmentFields, CustodyAction } from '@scr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiErrorCode, describeApiError } from '../../../api/errors.ts';
import { NetworkError } from '../../../api/http.ts';
import { useSession } from '../../session/session-context.tsx';
import { offersSupport } from '../../tickets/support-errors.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import {
  completeCustody,
  custodyDryRun,
  type CustodyOutcome,
  type CustodyStep,
  type DryRun,
} from './custody-flow.ts';
import { useLeaveWarning } from '../../../ui/leave-warning.ts';
import { useWalletAccess, WalletLockedError } from './use-wallet-access.tsx';

/** Where a custody dialog is. */
export type CustodyPhase =
  | { name: 'idle' }
  | { name: 'running'; step: CustodyStep }
  /** Some releases were refused: the person chooses to go on with the rest or not. */
  | { name: 'review'; dryRun: DryRun }
  | { name: 'done'; outcome: CustodyOutcome }
  /** `retry`: trying again may help (something changed meanwhile, the network, the wallet). */
  /** `support`: the message sends the person to support (access spec §8, wallet and generic errors). */
  | { name: 'failed'; message: string; retry: boolean; details?: string[]; support?: boolean };

export interface CustodyOptions {
  /** Stop after the dry run when it refused some releases (the pincode dialog, spec §8). */
  reviewRefusals?: boolean;
}

/**
 * Drives one custody action (releases spec §4 "Effects"; DESIGN §3): dry run, the wallet's
 * part, one signed statement, the second call, the report. A page closing meanwhile is warned
 * first; once something changed, the overview refreshes.
 */
export function useCustodyAction(action: CustodyAction, options: CustodyOptions = {}) {
  const { t } = useTranslation();
  const api = useReleasesApi();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { wallet, prompt } = useWalletAccess();
  const [phase, setPhase] = useState<CustodyPhase>({ name: 'idle' });
  const asked = useRef<{
    addresses: readonly string[];
    target?: string;
    assignment?: AssignmentFields;
  } | null>(null);
  const lastDryRun = useRef<DryRun | null>(null);
  useLeaveWarning(phase.name === 'running', t('releases.custody.leaveWarning'));

  const onStep = (step: CustodyStep) => setPhase({ name: 'running', step });
  const fail = (error: unknown) => {
    const code = apiErrorCode(error);
    if (error instanceof WalletLockedError) {
      setPhase({ name: 'failed', message: t('releases.custody.wallet.cancelled'), retry: true });
      return;
    }
    const retry = code === 'release_conflict' || error instanceof NetworkError;
    const details =
      code === 'release_conflict' ? conflictDetails(error, lastDryRun.current, t) : [];
    const support = offersSupport(error);
    setPhase({ name: 'failed', message: describeApiError(error, t), retry, details, support });
  };

  const finish = async (dryRun: DryRun) => {
    lastDryRun.current = dryRun;
    const outcome = await completeCustody(dryRun, {
      api,
      wallet,
      by: user?.organizationAddress ?? '',
      now: Date.now,
      onStep,
    });
    if (outcome.applied.length > 0) {
      void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
    }
    setPhase({ name: 'done', outcome });
  };

  const start = async (
    addresses: readonly string[],
    target?: string,
    assignment?: AssignmentFields,
  ) => {
    asked.current = { addresses, target, assignment };
    try {
      const dryRun = await custodyDryRun(
        { api, now: Date.now, onStep },
        action,
        addresses,
        target,
        assignment,
      );
      if (options.reviewRefusals && dryRun.answer.refused.length > 0) {
        setPhase({ name: 'review', dryRun });
        return;
      }
      await finish(dryRun);
    } catch (error) {
      fail(error);
    }
  };

  /** After a review: go on with the eligible releases. */
  const proceed = async () => {
    if (phase.name !== 'review') return;
    try {
      await finish(phase.dryRun);
    } catch (error) {
      fail(error);
    }
  };

  /** Again from the dry run, which sees what changed meanwhile. */
  const retry = () => {
    if (asked.current) {
      void start(asked.current.addresses, asked.current.target, asked.current.assignment);
    }
  };

  return { phase, start, proceed, retry, walletPrompt: prompt };
}

/**
 * What changed, per container, when the signed call met a conflict: the server names each
 * release with the translation key of why it no longer goes ahead (`data.fields`).
 */
export function conflictDetails(
  error: unknown,
  dryRun: DryRun | null,
  t: (key: string) => string,
): string[] {
  const fields = (error as { data?: { fields?: Record<string, string> } }).data?.fields ?? {};
  const known = new Map(
    (dryRun?.answer.eligible_releases ?? []).map((release) => [
      release.address.toLowerCase(),
      release,
    ]),
  );
  return Object.entries(fields).map(([address, key]) => {
    const release = known.get(address.toLowerCase());
    const name = release ? `${release.blNumber} : ${release.containerNumber}` : address;
    return `${name} — ${t(key)}`;
  });
}
