import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { statementHash } from './event-hash.ts';
import {
  checkSignedStatement,
  expectedEventSigner,
  serverSignedOperations,
  statementEventProblem,
} from './statement-checks.ts';
import { buildStatement, statementText } from './statements.ts';

const organization = new Wallet('0x' + '11'.repeat(32));
const server = new Wallet('0x' + '22'.repeat(32));
const release = '0x00000000000000000000000000000000000000c3';

function signed(wallet: Wallet, action: 'transfer' | 'create' = 'transfer', version = 4) {
  const text = statementText(
    buildStatement({
      action,
      at: '2026-11-21T08:00:00.000Z',
      by: wallet.address,
      releases: [{ address: release, version, pincodeHash: null }],
    }),
  );
  return { text, signature: wallet.signMessageSync(text), signerAddress: wallet.address };
}

describe('DESIGN §3 "Who signs": the signer each ledger event needs', () => {
  it('is the server for its own records, the acting organisation for custody actions', () => {
    for (const operation of ['create', 'edit', 'gateOut', 'terminalCheck', 'archive']) {
      expect(serverSignedOperations.has(operation), operation).toBe(true);
      expect(expectedEventSigner(operation, organization.address, server.address)).toBe(
        server.address,
      );
    }
    for (const operation of ['transfer', 'revoke', 'block', 'assign', 'pincode']) {
      expect(
        expectedEventSigner(operation, organization.address.toLowerCase(), server.address),
      ).toBe(organization.address);
    }
    expect(expectedEventSigner('transfer', null, server.address)).toBeNull();
  });
});

describe('DESIGN §3 "every statement signature": what a signed statement proves', () => {
  it('proves its signer, action and releases when it hashes, recovers and reads as recorded', () => {
    const statement = signed(organization);
    const proof = checkSignedStatement(statement, statementHash(statement.text));
    expect(proof).toMatchObject({ problem: null, signer: organization.address });
    expect(proof.covers).toEqual(new Map([[release, 4]]));
    const event = { operation: 'transfer', releaseAddress: release, releaseVersion: 5 };
    expect(statementEventProblem(proof, event, organization.address)).toBeNull();
  });

  it('names what is wrong, in the words of the audit trail', () => {
    const statement = signed(organization);
    const hash = statementHash(statement.text);
    const problem = (changed: Partial<typeof statement>, at = hash) =>
      checkSignedStatement({ ...statement, ...changed }, at).problem;
    expect(problem({ text: statement.text.replace('08:00', '08:01') })).toBe(
      'the statement does not match its hash',
    );
    expect(problem({ signature: '0x1234' })).toBe('the signature cannot be read');
    expect(problem({ signerAddress: server.address })).toBe(
      'the signature was not made by the recorded signer',
    );
    const notCanonical = ` ${statement.text}`;
    expect(
      checkSignedStatement(
        { ...statement, text: notCanonical, signature: organization.signMessageSync(notCanonical) },
        statementHash(notCanonical),
      ).problem,
    ).toBe('the statement cannot be read');
    // Signed by the organisation's key, but claiming to be the server's statement.
    const claimed = statementText(
      buildStatement({ action: 'create', at: 'now', by: server.address, releases: [] }),
    );
    expect(
      checkSignedStatement(
        {
          text: claimed,
          signature: organization.signMessageSync(claimed),
          signerAddress: organization.address,
        },
        statementHash(claimed),
      ).problem,
    ).toBe('the statement names another signer');
  });

  it('does not prove an event of another operation, signer, release or an earlier version', () => {
    const proof = checkSignedStatement(
      signed(organization),
      statementHash(signed(organization).text),
    );
    const event = { operation: 'transfer', releaseAddress: release, releaseVersion: 4 };
    expect(
      statementEventProblem(proof, { ...event, operation: 'revoke' }, organization.address),
    ).toBe('the statement is for transfer, not revoke');
    expect(statementEventProblem(proof, event, server.address)).toBe(
      `signed by ${organization.address}, not by ${server.address}`,
    );
    expect(statementEventProblem(proof, event, null)).toBe(
      `signed by ${organization.address}, not by the acting organisation`,
    );
    expect(
      statementEventProblem(
        proof,
        { ...event, releaseAddress: `0x${'d4'.repeat(20)}` },
        organization.address,
      ),
    ).toBe('the statement does not cover this release');
    expect(
      statementEventProblem(proof, { ...event, releaseVersion: 3 }, organization.address),
    ).toBe('the statement does not cover this release');
  });
});
