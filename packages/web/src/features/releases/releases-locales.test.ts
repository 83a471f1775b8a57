import {
  genericFormMessage,
  languages,
  releaseMessages,
  releaseStatuses,
  transferStatuses,
  uploadMessages,
  validityFilters,
} from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../i18n/i18n.ts';
import { fieldMessage } from '../../ui/form-message.ts';

const keysOf = (prefix: string, values: readonly string[]) => values.map((v) => `${prefix}.${v}`);

/**
 * Every key the domain hands the web to show, under the releases section, but the generic form
 * messages, which the `form.*` templates say (releases spec §5 "Generic form messages").
 */
const domainKeys = [
  ...keysOf('releases.validation', Object.keys(releaseMessages)),
  ...keysOf('releases.upload', Object.keys(uploadMessages)),
  ...keysOf('releases.releaseStatus', releaseStatuses),
  ...keysOf('releases.transferStatus', transferStatuses),
  ...keysOf('releases.validity', validityFilters),
].filter((key) => !genericFormMessage(key));

describe('releases locales (DESIGN §5: five languages)', () => {
  it.each(languages)('%s translates every domain message, status and validity', (language) => {
    const i18n = createI18n({ language });
    const missing = domainKeys.filter(
      (key) => !i18n.exists(key, { lng: language, fallbackLng: false }),
    );
    expect(missing).toEqual([]);
  });

  it('words the validation messages as the spec does (English)', () => {
    const { t } = createI18n({ language: 'en' });
    for (const [key, text] of Object.entries(releaseMessages)) {
      expect(fieldMessage(t, `releases.validation.${key}`).toLowerCase()).toBe(text.toLowerCase());
    }
  });
});
