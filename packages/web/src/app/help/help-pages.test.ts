import { languages } from '@scr/domain';
import { describe, expect, it } from 'vitest';

const pages = import.meta.glob<string>('../../../public/help/*/index.html', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const page = (language: string) => pages[`../../../public/help/${language}/index.html`] ?? '';

const sectionIds = (html: string) => [...html.matchAll(/<section id="([\w-]+)"/g)].map((m) => m[1]);

describe('static help pages (public/help)', () => {
  it.each(languages)('%s exists in its own language', (language) => {
    expect(page(language)).toContain(`<html lang="${language}">`);
  });

  it.each(languages)('%s has the sections the app links to', (language) => {
    const ids = sectionIds(page(language));
    // Login links #forgot-password; a failed wallet sign-in opens #wallet (access spec §8); the
    // subscription-expired screen links #wallet-on-premise (§2).
    expect(ids).toEqual(
      expect.arrayContaining(['forgot-password', 'wallet', 'wallet-on-premise', 'pincodes']),
    );
    expect(ids).toEqual(sectionIds(page('en')));
  });
});
