import {
  downloadFileName,
  maxCustodyReleases,
  toLanguage,
  type DownloadFormat,
  type DownloadGroup,
  type DownloadLayout,
  type DownloadRowsHead,
  type DownloadScope,
} from '@scr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError } from '../../../api/errors.ts';
import { useSession } from '../../session/session-context.tsx';
import { saveTextFile } from '../audit-trail/save-text-file.ts';
import { releaseKeys } from '../api/query-keys.ts';
import { useReleasesApi } from '../api/releases-api-context.tsx';
import { completeCustody, custodyDryRun, type CustodyStep } from '../custody/custody-flow.ts';
import { useLeaveWarning } from '../../../ui/leave-warning.ts';
import { useWalletAccess, WalletLockedError } from '../custody/use-wallet-access.tsx';
import { useDownloadCalls, type DownloadProgress } from './download-api.ts';

/** What the person asked for: a file or the print view, grouped or flat, with pincodes or not. */
export interface DownloadChoice {
  kind: DownloadFormat | 'print';
  layout: DownloadLayout;
  withPincodes: boolean;
}

/** The rows, and the pincodes the wallet opened (address in lower case → pincode). */
export interface PrintableRows {
  head: DownloadRowsHead;
  groups: DownloadGroup[];
  pincodes: Map<string, string> | null;
  layout: DownloadLayout;
}

export type DownloadPhase =
  | { name: 'idle' }
  | { name: 'receiving'; progress: DownloadProgress }
  | { name: 'pincodes'; step: CustodyStep; done: number; total: number }
  | { name: 'assembling' }
  | { name: 'print'; rows: PrintableRows }
  | { name: 'done'; fileName: string; retrieved: number | null; total: number }
  | { name: 'failed'; message: string };

/**
 * Runs a download (issue 13 item 2; releases spec §5 "Download"). Without pincodes the server
 * streams the file. With pincodes the browser reads the rows, has the wallet open the
 * pincodes through the pincode custody action (recorded as pincode retrievals with their
 * ledger events; `maxCustodyReleases` per signed statement) and assembles the file itself.
 */
export function useDownload(scope: DownloadScope) {
  const { t, i18n } = useTranslation();
  const calls = useDownloadCalls();
  const api = useReleasesApi();
  const { user } = useSession();
  const queryClient = useQueryClient();
  const { wallet, prompt } = useWalletAccess();
  const [phase, setPhase] = useState<DownloadPhase>({ name: 'idle' });
  const busy = ['receiving', 'pincodes', 'assembling'].includes(phase.name);
  useLeaveWarning(busy, t('releases.downloads.leaveWarning'));
  const language = toLanguage(i18n.language);
  const receiving = (progress: DownloadProgress) => setPhase({ name: 'receiving', progress });

  const openPincodes = async (groups: DownloadGroup[]) => {
    const addresses = groups.flatMap((group) => group.containers.map((c) => c.address));
    const opened = new Map<string, string>();
    for (let from = 0; from < addresses.length; from += maxCustodyReleases) {
      const chunk = addresses.slice(from, from + maxCustodyReleases);
      const onStep = (step: CustodyStep) =>
        setPhase({ name: 'pincodes', step, done: from, total: addresses.length });
      const dryRun = await custodyDryRun({ api, now: Date.now, onStep }, 'pincode', chunk);
      if (dryRun.answer.eligible_releases.length === 0) continue;
      const outcome = await completeCustody(dryRun, {
        api,
        wallet,
        by: user?.organizationAddress ?? '',
        now: Date.now,
        onStep,
      });
      for (const pin of outcome.pincodes) opened.set(pin.address.toLowerCase(), pin.pincode);
    }
    void queryClient.invalidateQueries({ queryKey: releaseKeys.overview });
    return opened;
  };

  const start = async (choice: DownloadChoice) => {
    receiving({ done: 0, total: null });
    try {
      if (choice.kind !== 'print' && !choice.withPincodes) {
        const blob = await calls.file(
          { ...scope, format: choice.kind, layout: choice.layout, language },
          receiving,
        );
        const fileName = downloadFileName(choice.kind, choice.layout, new Date());
        saveTextFile(fileName, blob, blob.type);
        setPhase({ name: 'done', fileName, retrieved: null, total: 0 });
        return;
      }
      const { head, groups } = await calls.rows(scope, receiving);
      const pincodes = choice.withPincodes ? await openPincodes(groups) : null;
      const rows: PrintableRows = { head, groups, pincodes, layout: choice.layout };
      if (choice.kind === 'print') {
        setPhase({ name: 'print', rows });
        return;
      }
      setPhase({ name: 'assembling' });
      const at = new Date(head.at);
      const { assembleFile } = await import('./browser-file.ts');
      const blob = await assembleFile(choice.kind, groups, {
        layout: choice.layout,
        language,
        organization: head.organization,
        at,
        pincodes,
      });
      const fileName = downloadFileName(choice.kind, choice.layout, at);
      saveTextFile(fileName, blob, blob.type);
      setPhase({ name: 'done', fileName, retrieved: pincodes?.size ?? null, total: head.total });
    } catch (error) {
      const message =
        error instanceof WalletLockedError
          ? t('releases.custody.wallet.cancelled')
          : describeApiError(error, t);
      setPhase({ name: 'failed', message });
    }
  };

  return { phase, start, reset: () => setPhase({ name: 'idle' }), walletPrompt: prompt, language };
}
