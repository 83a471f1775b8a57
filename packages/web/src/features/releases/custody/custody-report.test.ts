import { languages, pincodeMessages, refusalMessages } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { refusalText, reportGroups, stripNonAscii } from './custody-report.ts';

const { t } = createI18n({ language: 'en' });

describe('custody reports (releases spec §8 "Reports")', () => {
  it('strips non-ASCII characters from error text', () => {
    expect(stripNonAscii('could not open — clé ✗ 🔒 pincode')).toBe('could not open cl pincode');
    expect(stripNonAscii('Release not found in result array')).toBe(
      'Release not found in result array',
    );
  });

  it('groups successes, not owned, pincode fetched and other errors, as "BL : container — reason"', () => {
    const refused = (reason: keyof typeof refusalMessages, container: string) => ({
      address: `0x${container}`,
      blNumber: 'BL1',
      containerNumber: container,
      reason,
      error: refusalMessages[reason],
    });
    const groups = reportGroups(t, {
      action: 'transfer',
      applied: [{ address: '0xa', blNumber: 'BL1', containerNumber: 'C2', version: 3 }],
      refused: [
        refused('notOwned', 'C3'),
        refused('pincodeFetched', 'C4'),
        refused('assigned', 'C5'),
      ],
      failed: [{ address: '0xf', blNumber: 'BL1', containerNumber: 'C1', error: null }],
      pincodes: [],
    });
    expect(groups).toEqual({
      succeeded: ['BL1 : C2'],
      notOwned: ['BL1 : C3 — Release is not owned by you'],
      pincodeFetched: [
        'BL1 : C4 — The pincode was already fetched: the release can no longer be transferred',
      ],
      errors: ['BL1 : C5 — Release is assigned', 'BL1 : C1 — Release not found in result array'],
    });
  });

  it('translates pincode reasons for a pincode fetch, chain reasons otherwise', () => {
    const release = { address: '0x1', blNumber: 'B', containerNumber: 'C', error: 'x' };
    const { t: fr } = createI18n({ language: 'fr' });
    expect(refusalText(fr, 'pincode', { ...release, reason: 'sentToPcs' })).toBe(
      'Libération envoyée au PCS',
    );
    expect(refusalText(fr, 'transfer', { ...release, reason: 'sentToPcs' })).toBe(
      'La libération a été envoyée au PCS',
    );
  });

  it.each(languages)('%s translates every refusal and pincode reason', (language) => {
    const i18n = createI18n({ language });
    const keys = [
      ...Object.keys(refusalMessages).map((reason) => `releases.refusal.${reason}`),
      ...Object.keys(pincodeMessages).map((reason) => `releases.pincode.${reason}`),
    ];
    const missing = keys.filter((key) => !i18n.exists(key, { lng: language, fallbackLng: false }));
    expect(missing).toEqual([]);
  });

  it('words the reasons as the domain does (English)', () => {
    for (const [reason, text] of Object.entries(refusalMessages)) {
      expect(t(`releases.refusal.${reason}`)).toBe(text);
    }
    for (const [reason, text] of Object.entries(pincodeMessages)) {
      expect(t(`releases.pincode.${reason}`)).toBe(text);
    }
  });
});
