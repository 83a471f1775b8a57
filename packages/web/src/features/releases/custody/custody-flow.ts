import {
  custodyCall,
  statementText,
  type AppliedRelease,
  type AssignmentFields,
  type CustodyAction,
  type CoveredRelease,
  type CustodyDryRunAnswer,
  type EligibleRelease,
  type PcsReportLine,
  type PincodeLogEntry,
  type RefusedRelease,
  type SealedPincode,
  type WalletItemResult,
  type CustodyApplyRequest,
  type CustodyApplyResult,
  type CustodyDryRunRequest,
} from '@scr/domain';
import { HttpError } from '../../../api/http.ts';

/**
 * The two calls of every custody action (releases spec §7): the dry run, then the signed apply.
 * The web makes them through its API client (`custody-api.ts`); the journeys that set a chain up
 * through the API make them with Playwright's request context (`e2e/support/chain-setup.ts`).
 */
export interface CustodyActionCalls {
  /** First call: what is eligible, at which version, with which pincode hash. */
  custodyDryRun(action: CustodyAction, request: CustodyDryRunRequest): Promise<CustodyDryRunAnswer>;
  /** Second call: the signed statement over exactly the releases it names. */
  custodyApply(action: CustodyAction, request: CustodyApplyRequest): Promise<CustodyApplyResult>;
}

/** What a custody action asks of the ID wallet (DESIGN §3 wallet contract). */
export interface CustodyWallet {
  sign(message: string): Promise<string>;
  reseal(
    targetPublicKey: string,
    items: SealedPincode[],
  ): Promise<WalletItemResult<{ encryptedPincode: string }>[]>;
  open(items: SealedPincode[]): Promise<WalletItemResult<{ pincode: string }>[]>;
}

/** Where a running action is, for the dialog to say. */
export type CustodyStep = 'dryRun' | 'reseal' | 'sign' | 'apply' | 'open';

/** The dry run's answer, with when it arrived (to carry the server's clock forward). */
export interface DryRun {
  action: CustodyAction;
  answer: CustodyDryRunAnswer;
  receivedAt: number;
}

/** A release the wallet could not handle: left out of the statement. `error` null: missing. */
export interface FailedRelease {
  address: string;
  blNumber: string;
  containerNumber: string;
  error: string | null;
}

export interface RetrievedPincode {
  address: string;
  blNumber: string;
  containerNumber: string;
  pincode: string;
}

/** Everything a report shows: applied, refused by the server, failed in the wallet. */
export interface CustodyOutcome {
  action: CustodyAction;
  applied: AppliedRelease[];
  refused: RefusedRelease[];
  failed: FailedRelease[];
  /** `pincode` only: the pincodes the wallet opened. */
  pincodes: RetrievedPincode[];
  /** The PCS actions only: what the PCS made of each release (releases spec §7, §8). */
  pcsReport?: PcsReportLine[];
}

export interface CustodyDeps {
  api: CustodyActionCalls;
  wallet: CustodyWallet;
  /** The acting organisation's address: the statement's `by`. */
  by: string;
  now: () => number;
  onStep?: (step: CustodyStep) => void;
}

/** The first call: what is eligible, at which version (releases spec §7). */
export async function custodyDryRun(
  deps: Pick<CustodyDeps, 'api' | 'now' | 'onStep'>,
  action: CustodyAction,
  addresses: readonly string[],
  targetAddress?: string,
  /** Assign: the assignee and visit number (releases spec §7 `releases/assignment/assign`). */
  assignment?: AssignmentFields,
): Promise<DryRun> {
  deps.onStep?.('dryRun');
  const answer = await deps.api.custodyDryRun(action, {
    dryRun: true,
    release_addresses: [...addresses],
    ...(action === 'transfer' ? { target_organization_address: targetAddress } : {}),
    ...(action === 'assign' ? assignment : {}),
  });
  return { action, answer, receivedAt: deps.now() };
}

/** The server's clock now, as the dry run told it, so the statement's `at` is within its window. */
export function statementTime(serverTime: string, receivedAt: number, now: number): string {
  const server = Date.parse(serverTime);
  return new Date(Number.isFinite(server) ? server + (now - receivedAt) : now).toISOString();
}

/** One eligible release as it goes into the statement, with the ciphertext sent for it. */
type Covered = CoveredRelease & { release: EligibleRelease };

/**
 * After the dry run (DESIGN §3 "Pincodes, end to end"): for a transfer, the wallet reseals every
 * pincode to the target; then one statement over what is left is signed and sent; for
 * `pincode`, the wallet opens the copies the server hands back. Releases the wallet fails on
 * are reported, not signed.
 */
export async function completeCustody(dryRun: DryRun, deps: CustodyDeps): Promise<CustodyOutcome> {
  const { action, answer } = dryRun;
  const outcome: CustodyOutcome = {
    action,
    applied: [],
    refused: answer.refused,
    failed: [],
    pincodes: [],
  };
  let covered: Covered[] = answer.eligible_releases.map((release) => ({ release }));
  if (action === 'transfer') covered = await resealForTarget(answer, deps, outcome.failed);
  if (covered.length === 0) return outcome;

  deps.onStep?.('sign');
  const call = custodyCall({
    action,
    by: deps.by,
    at: statementTime(answer.serverTime, dryRun.receivedAt, deps.now()),
    covered,
    ...(action === 'transfer' ? { to: answer.target!.address } : {}),
    // Assign: the statement binds the assignee the dry run confirmed (DESIGN §3).
    ...(action === 'assign' && answer.assignee
      ? { assignee: answer.assignee, visitNumber: answer.visitNumber ?? null }
      : {}),
  });
  const statement = statementText(call.statement);
  const signature = await deps.wallet.sign(statement);

  deps.onStep?.('apply');
  const result = await deps.api.custodyApply(action, { ...call.body, statement, signature });
  outcome.applied = result.applied;
  if (result.report) outcome.pcsReport = result.report;
  if (action === 'pincode') {
    const entries = result.data ?? result.applied.map(sealedCopyOf);
    await openPincodes(covered, entries, deps, outcome);
  }
  return outcome;
}

const key = (address: string) => address.toLowerCase();

function failure(release: EligibleRelease, error: string | null): FailedRelease {
  const { address, blNumber, containerNumber } = release;
  return { address, blNumber, containerNumber, error };
}

/**
 * Per release, the wallet's answer: the value, or why not; a release the wallet left out
 * is "Release not found in result array" (releases spec §7), shown as `error: null`.
 */
function walletAnswer<T extends string>(
  answers: readonly WalletItemResult<Record<T, string>>[],
  field: T,
) {
  const byAddress = new Map(answers.map((item) => [key(item.address), item]));
  return (address: string): { value: string } | { error: string | null } => {
    const item = byAddress.get(key(address)) as Record<string, unknown> | undefined;
    if (!item) return { error: null };
    const value = item[field];
    if (typeof value === 'string' && value) return { value };
    return { error: typeof item.error === 'string' ? item.error : 'unreadable wallet answer' };
  };
}

async function resealForTarget(
  answer: CustodyDryRunAnswer,
  deps: CustodyDeps,
  failed: FailedRelease[],
): Promise<Covered[]> {
  const target = answer.target;
  if (!target) {
    const code = 'missing_target_organization';
    throw new HttpError(400, code, 'The dry run named no target organisation.', { code });
  }
  const sealed = answer.eligible_releases.filter((release) => release.encryptedPincode);
  let answers: WalletItemResult<{ encryptedPincode: string }>[] = [];
  if (sealed.length > 0) {
    deps.onStep?.('reseal');
    answers = await deps.wallet.reseal(
      target.sealingPublicKey,
      sealed.map(({ address, encryptedPincode }) => ({
        address,
        encryptedPincode: encryptedPincode!,
      })),
    );
  }
  const resealed = walletAnswer(answers, 'encryptedPincode');
  const covered: Covered[] = [];
  for (const release of answer.eligible_releases) {
    if (!release.encryptedPincode) {
      covered.push({ release, sent: null });
      continue;
    }
    const result = resealed(release.address);
    if ('value' in result) covered.push({ release, sent: result.value });
    else failed.push(failure(release, result.error));
  }
  return covered;
}

function sealedCopyOf(applied: AppliedRelease): PincodeLogEntry {
  return applied.encryptedPincode
    ? { address: applied.address, encryptedPincode: applied.encryptedPincode }
    : { address: applied.address, error: 'no pincode' };
}

async function openPincodes(
  covered: readonly Covered[],
  entries: readonly PincodeLogEntry[],
  deps: CustodyDeps,
  outcome: CustodyOutcome,
) {
  const copies = walletAnswer(entries, 'encryptedPincode');
  const toOpen: { release: EligibleRelease; encryptedPincode: string }[] = [];
  for (const { release } of covered) {
    const copy = copies(release.address);
    if ('value' in copy) toOpen.push({ release, encryptedPincode: copy.value });
    else outcome.failed.push(failure(release, copy.error));
  }
  if (toOpen.length === 0) return;
  deps.onStep?.('open');
  const opened = walletAnswer(
    await deps.wallet.open(
      toOpen.map(({ release, encryptedPincode }) => ({
        address: release.address,
        encryptedPincode,
      })),
    ),
    'pincode',
  );
  for (const { release } of toOpen) {
    const result = opened(release.address);
    if ('value' in result) {
      const { address, blNumber, containerNumber } = release;
      outcome.pincodes.push({ address, blNumber, containerNumber, pincode: result.value });
    } else outcome.failed.push(failure(release, result.error));
  }
}
