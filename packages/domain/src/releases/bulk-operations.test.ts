import { describe, expect, it } from 'vitest';
import { bulkClasses } from './bulk-classification.ts';
import {
  bulkCandidates,
  bulkCounts,
  bulkMessage,
  bulkPairsOf,
  bulkPermission,
  classifyBulkPair,
  findBulkHeader,
  type BulkReleaseFacts,
  type ClassifiedPair,
} from './bulk-operations.ts';

const caller = 7;
const today = '2026-11-21';
const owned: BulkReleaseFacts = {
  ownerOrganizationId: caller,
  releaseStatus: 'released',
  validUntil: '2026-12-31',
  transferStatus: 'owned',
  pincodeFetched: false,
};
const pair = { blNumber: 'SOLANR2611001', containerNumber: 'SOLU1234565' };

describe('releases spec §4 "Bulk classification of uploaded BL + container pairs", one row each', () => {
  it('not found or not owned: no release in the chain, or held by another party', () => {
    expect(classifyBulkPair(null, caller, today)).toBe('notFoundOrNotOwned');
    expect(classifyBulkPair({ ...owned, ownerOrganizationId: 9 }, caller, today)).toBe(
      'notFoundOrNotOwned',
    );
  });

  it('expired: the release status, or a validity that ended before today', () => {
    expect(classifyBulkPair({ ...owned, releaseStatus: 'expired' }, caller, today)).toBe('expired');
    expect(classifyBulkPair({ ...owned, validUntil: '2026-11-20' }, caller, today)).toBe('expired');
    expect(classifyBulkPair({ ...owned, validUntil: today }, caller, today)).toBe('eligible');
  });

  it('already transferred: the caller passed it on to the next party', () => {
    const passedOn = { ...owned, ownerOrganizationId: 9, transferStatus: 'transferred' as const };
    expect(classifyBulkPair(passedOn, caller, today)).toBe('alreadyTransferred');
  });

  it('pick-up already done (gate-out)', () => {
    expect(classifyBulkPair({ ...owned, releaseStatus: 'gateout' }, caller, today)).toBe('gateOut');
  });

  it('deleted', () => {
    expect(classifyBulkPair({ ...owned, releaseStatus: 'deleted' }, caller, today)).toBe('deleted');
  });

  it('pin already fetched (cannot transfer): by the caller, or by any party before a revoke', () => {
    expect(classifyBulkPair({ ...owned, transferStatus: 'pinRetrieved' }, caller, today)).toBe(
      'pinFetched',
    );
    expect(classifyBulkPair({ ...owned, pincodeFetched: true }, caller, today)).toBe('pinFetched');
  });

  it('blocked (cannot get a pin but can be transferred)', () => {
    expect(classifyBulkPair({ ...owned, releaseStatus: 'blocked' }, caller, today)).toBe('blocked');
  });

  it('otherwise eligible', () => {
    expect(classifyBulkPair(owned, caller, today)).toBe('eligible');
  });

  it('decides in the table order: an expired release passed on is expired', () => {
    const both = {
      ...owned,
      ownerOrganizationId: 9,
      transferStatus: 'transferred' as const,
      validUntil: '2026-01-01',
    };
    expect(classifyBulkPair(both, caller, today)).toBe('expired');
  });
});

describe('releases spec §8 "Bulk messages" (format: BL : container …)', () => {
  it.each([
    ['notFoundOrNotOwned', 'was not found or is not owned by you'],
    ['alreadyTransferred', 'was already transferred to the next party'],
    ['expired', 'has expired'],
  ] as const)('%s says "%s"', (bulkClass, words) => {
    expect(bulkMessage(pair, bulkClass)).toBe(`SOLANR2611001 : SOLU1234565 ${words}`);
  });

  it('has a message for every class', () => {
    for (const bulkClass of bulkClasses) {
      expect(bulkMessage(pair, bulkClass)).toMatch(/^SOLANR2611001 : SOLU1234565 \w/);
    }
  });
});

describe('releases spec §5 "Bulk operations file": BL and container number, header dropped', () => {
  it('reads the first two columns, normalised, and reports incomplete and repeated rows', () => {
    const read = bulkPairsOf([
      { row: 2, cells: [' solanr2611001 ', 'solu 123456 5', 'ignored'] },
      { row: 3, cells: ['', 'SOLU1234565'] },
      { row: 4, cells: ['SOLANR2611001', null] },
      { row: 5, cells: ['SOLANR2611001', 'SOLU1234565'] },
      { row: 6, cells: [12345, 'ABCU1234560'] },
    ]);
    expect(read.pairs).toEqual([
      { row: 2, blNumber: 'SOLANR2611001', containerNumber: 'SOLU1234565' },
      { row: 6, blNumber: '12345', containerNumber: 'ABCU1234560' },
    ]);
    expect(read.problems.map(({ row, problem }) => [row, problem])).toEqual([
      [3, 'missingBl'],
      [4, 'missingContainer'],
      [5, 'duplicate'],
    ]);
  });
});

describe('releases spec §5 "Bulk operations file: the first row is a header and is ignored"', () => {
  const header = ['BL number', 'Container number'];
  const first = ['SOLANR2611001', 'SOLU1234565'];

  it('takes the first row as the header, known names or not', () => {
    expect(findBulkHeader([header, first])).toEqual({ index: 0 });
    expect(findBulkHeader([['Connaissement', 'Conteneur'], first])).toEqual({ index: 0 });
  });

  it('finds the header below a title and blank rows', () => {
    expect(findBulkHeader([['Pairs to transfer'], [], header, first])).toEqual({ index: 2 });
  });

  it('reads a first row that is a pair as a pair, with a warning, instead of losing it', () => {
    expect(findBulkHeader([first, ['SOLANR2611002', 'MSCU1234566']], 3)).toEqual({
      index: -1,
      warning: { kind: 'noHeader', row: 3 },
    });
    // A container number with a wrong check digit is still a container number.
    expect(findBulkHeader([['SOLANR2611001', 'SOLU1234560']])).toMatchObject({ index: -1 });
  });
});

describe('issue 13 item 1: who may, and what each action takes', () => {
  it('releases spec §6: non-carriers with canBulkOperations (else the premium info frame)', () => {
    expect(bulkPermission('other', { canBulkOperations: true })).toBe('allowed');
    expect(bulkPermission('other', { canBulkOperations: false })).toBe('subscriptionRequired');
    expect(bulkPermission('carrier', { canBulkOperations: true })).toBe('forbidden');
    expect(bulkPermission('terminal', { canBulkOperations: true })).toBe('forbidden');
  });

  it('counts every class, and picks the candidates of each action among the found ones', () => {
    const rows: ClassifiedPair[] = bulkClasses.map((bulkClass, i) => ({
      ...pair,
      containerNumber: `C${i}`,
      bulkClass,
      address: bulkClass === 'notFoundOrNotOwned' ? null : `0x${i}`,
    }));
    expect(Object.values(bulkCounts(rows))).toEqual(bulkClasses.map(() => 1));
    const classesOf = (action: Parameters<typeof bulkCandidates>[0]) =>
      bulkCandidates(action, rows).map((row) => row.bulkClass);
    expect(classesOf('transfer')).toEqual(['blocked', 'eligible']);
    expect(classesOf('revoke')).toEqual(['alreadyTransferred']);
    expect(classesOf('pincode')).toEqual(['pinFetched', 'eligible']);
    expect(classesOf('assign')).toEqual(['pinFetched', 'blocked', 'eligible']);
  });
});
