import { describe, expect, it } from 'vitest';
import {
  machineWalletUserId,
  machineWalletUserOf,
  machineWalletUserProblem,
  type MachineKeyFacts,
} from './machine-wallet-users.ts';
import { organizationKeysProblem } from './organization-keys.ts';

const cloud = { id: 7, walletUrl: null };
const key = (changes: Partial<MachineKeyFacts> = {}): MachineKeyFacts => ({
  organizationId: 7,
  revoked: false,
  scopes: ['releases:read', 'custody:write'],
  linked: false,
  ...changes,
});

describe('README "The API for systems": machine wallet users', () => {
  it('are named machine-<id>, a name no person’s wallet user (a number) has', () => {
    expect(machineWalletUserId(12)).toBe('machine-12');
    expect(machineWalletUserOf('machine-12')).toBe(12);
    for (const other of ['12', 'machine-012', 'machine-', 'machine-1x', 'admin', 'machine-0']) {
      expect(machineWalletUserOf(other)).toBeNull();
    }
    expect(machineWalletUserOf('machine-99999999999')).toBeNull();
  });

  it('belong to an active custody:write key of an organisation on the cloud wallet, one per key', () => {
    expect(machineWalletUserProblem(cloud, key())).toBeNull();
    expect(machineWalletUserProblem({ id: 7, walletUrl: '0' }, key())).toBeNull();
    expect(machineWalletUserProblem({ id: 7, walletUrl: 'https://wallet.example' }, key())).toEqual(
      { field: 'organizationId', key: 'machineUsers.validation.cloudOnly' },
    );
    const notFound = { field: 'apiKeyId', key: 'machineUsers.validation.keyNotFound' };
    expect(machineWalletUserProblem(cloud, undefined)).toEqual(notFound);
    expect(machineWalletUserProblem(cloud, key({ revoked: true }))).toEqual(notFound);
    expect(machineWalletUserProblem(cloud, key({ organizationId: 8 }))).toEqual(notFound);
    expect(machineWalletUserProblem(cloud, key({ scopes: ['releases:write'] }))).toEqual({
      field: 'apiKeyId',
      key: 'machineUsers.validation.keyNeedsCustody',
    });
    expect(machineWalletUserProblem(cloud, key({ linked: true }))).toEqual({
      field: 'apiKeyId',
      key: 'machineUsers.validation.keyTaken',
    });
  });
});

describe('README "The standalone ID wallet": support registers the keys a wallet printed', () => {
  const onPremise = 'https://wallet.example';
  it('takes both keys together, for an organisation on its own wallet only', () => {
    expect(organizationKeysProblem({ walletUrl: onPremise })).toBeNull();
    expect(
      organizationKeysProblem({ walletUrl: onPremise, address: '0x1', sealingPublicKey: 'k' }),
    ).toBeNull();
    expect(organizationKeysProblem({ walletUrl: onPremise, address: '0x1' })).toEqual({
      sealingPublicKey: 'validation.required',
    });
    expect(organizationKeysProblem({ walletUrl: onPremise, sealingPublicKey: 'k' })).toEqual({
      address: 'validation.required',
    });
    expect(
      organizationKeysProblem({ walletUrl: null, address: '0x1', sealingPublicKey: 'k' }),
    ).toEqual({ address: 'validation.cloudWalletKeys' });
  });
});
