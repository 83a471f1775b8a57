import { describe, expect, it } from 'vitest';
import { custodyActions } from '../releases/custody.ts';
import {
  billOfLadingTermsPath,
  custodyCallMethod,
  custodyServicePaths,
  servicePaths,
} from './paths.ts';

describe('issue 10 item 2: the API contract names every service path once', () => {
  it('gives each service its own path, without the /api prefix or slashes at either end', () => {
    const paths = Object.values(servicePaths);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path).toMatch(/^[a-z][a-z-]*(\/[a-z:][a-zA-Z-]*)*$/);
  });

  it('releases spec §7: a custody service is the plural of its action, pincode-log for pincodes', () => {
    expect(Object.keys(custodyServicePaths).sort()).toEqual([...custodyActions].sort());
    expect(custodyServicePaths).toMatchObject({
      transfer: 'transfers',
      revoke: 'revokes',
      block: 'blocks',
      unblock: 'unblocks',
      pincode: 'pincode-log',
    });
    expect(servicePaths).toMatchObject(custodyServicePaths);
  });

  it('releases spec §7: assign, unassign and the PCS actions are PUT (update), the rest POST (create)', () => {
    const updates = custodyActions.filter((action) => custodyCallMethod(action) === 'update');
    expect(updates.sort()).toEqual(['assign', 'revokeFromPcs', 'transferToPcs', 'unassign']);
    expect(custodyCallMethod('transfer')).toBe('create');
    expect(custodyCallMethod('pincode')).toBe('create');
  });

  it('fills in the BL number of the terms service, encoded', () => {
    expect(billOfLadingTermsPath('MSC 1/2')).toBe('bills-of-lading/terms/MSC%201%2F2');
  });
});
