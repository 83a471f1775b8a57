import {
  custodyCall,
  statementText,
  type CustodyAction,
  type CustodyApplyRequest,
  type CustodyDryRunAnswer,
  type Statement,
} from '@scr/domain';
import { deriveSealingKeyPair, openPincode, sealPincode } from '@scr/wallet';
import { Wallet } from 'ethers';

/** An organisation that signs: its address and its private key (as its wallet holds it). */
export interface CustodySigner {
  address: string;
  privateKey: string;
}

export interface SignCustodyOptions {
  /** The statement's time (ISO-8601 UTC); now by default. */
  at?: string;
  /** Signs with this key instead of the signer's own (a test forging a call). */
  signer?: string;
  /** Changes the statement before it is signed (a test forging a call). */
  tweak?: (statement: Statement) => Statement;
}

/**
 * The wallet's part of a custody action (DESIGN §3 "Pincodes, end to end"), for callers that
 * hold the organisation's key themselves: the demo world at first start and the test harness.
 * Opens and reseals each pincode of a transfer to the target, builds one statement over the dry
 * run's eligible releases, signs it (EIP-191) and answers the second call's body.
 */
export async function signCustody(
  acting: CustodySigner,
  action: CustodyAction,
  dryRun: CustodyDryRunAnswer,
  options: SignCustodyOptions = {},
): Promise<CustodyApplyRequest> {
  const keys = await deriveSealingKeyPair(acting.privateKey);
  const covered = await Promise.all(
    dryRun.eligible_releases.map(async (release) => {
      if (action !== 'transfer' || !release.encryptedPincode) return { release, sent: null };
      const pincode = await openPincode(release.encryptedPincode, keys);
      return { release, sent: await sealPincode(pincode, dryRun.target!.sealingPublicKey) };
    }),
  );
  const call = custodyCall({
    action,
    by: acting.address,
    at: options.at ?? new Date().toISOString(),
    covered,
    ...(dryRun.target ? { to: dryRun.target.address } : {}),
    ...(dryRun.assignee
      ? {
          assignee: {
            type: dryRun.assignee.type,
            identification: dryRun.assignee.identification,
            identificationType: dryRun.assignee.identificationType,
            salt: dryRun.assignee.salt,
          },
          visitNumber: dryRun.visitNumber ?? null,
        }
      : {}),
  });
  const statement = options.tweak ? options.tweak(call.statement) : call.statement;
  const text = statementText(statement);
  const signature = await new Wallet(options.signer ?? acting.privateKey).signMessage(text);
  return { ...call.body, statement: text, signature };
}
