import {
  custodyCall,
  servicePaths,
  statementText,
  type CustodyDryRunAnswer,
  type TransporterUnassign,
} from '@scr/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { statementTime } from '../releases/custody/custody-flow.ts';
import { useWalletAccess } from '../releases/custody/use-wallet-access.tsx';
import { useSession } from '../session/session-context.tsx';

/**
 * The signed unassign of the releases a transporter change ends (access spec §4: "the unassign
 * is done through the wallet"): the unassign's dry run (`PUT releases/assignment/unassign`),
 * one statement over exactly those releases signed by the ID wallet (DESIGN §3), handed to the
 * transporter PATCH as its `unassign`. Render `prompt` (the wallet's password, when it locked).
 */
export function useSignedUnassign(): {
  sign: (releaseAddresses: string[]) => Promise<TransporterUnassign>;
  prompt: ReactNode;
} {
  const { t } = useTranslation();
  const { user } = useSession();
  const { wallet, prompt } = useWalletAccess();
  const sign = async (releaseAddresses: string[]): Promise<TransporterUnassign> => {
    if (!user) throw new Error(t('transporters.unassign.failed'));
    const answer = (await api
      .service(servicePaths.unassign)
      .update(null, { dryRun: true, releaseAddresses })) as unknown as CustodyDryRunAnswer;
    const receivedAt = Date.now();
    if (answer.refused.length > 0 || answer.eligible_releases.length !== releaseAddresses.length)
      throw new Error(t('transporters.unassign.failed'));
    const call = custodyCall({
      action: 'unassign',
      by: user.organizationAddress,
      at: statementTime(answer.serverTime, receivedAt, Date.now()),
      covered: answer.eligible_releases.map((release) => ({ release })),
    });
    const statement = statementText(call.statement);
    const signature = await wallet.sign(statement);
    return { release_addresses: releaseAddresses, statement, signature };
  };
  return { sign, prompt };
}
