import { closedMessages, languages, type ClosedReason } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { describeResultError } from './result-errors.ts';

const reasons = Object.keys(closedMessages) as ClosedReason[];

describe('issue 10 item 1: edit and delete refusals as the domain names them (releases spec §6)', () => {
  it('words each domain closed reason as the server does (English)', () => {
    const { t } = createI18n({ language: 'en' });
    for (const reason of reasons) {
      expect(describeResultError(t, { address: '0xr', error: reason } as never)).toBe(
        closedMessages[reason],
      );
    }
  });

  it.each(languages)('%s translates every closed reason', (language) => {
    const i18n = createI18n({ language });
    const missing = reasons.filter(
      (reason) => !i18n.exists(`releases.refused.${reason}`, { lng: language, fallbackLng: false }),
    );
    expect(missing).toEqual([]);
  });
});
