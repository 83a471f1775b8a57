import { auditDescriptionPaths, languages, type StatementAction } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { descriptionLines, descriptionText } from './entry-description.ts';

/** A sample value of a description member, as the server writes one. */
function sample(path: string): unknown {
  if (path === 'revokedFrom') return ['Kempen Forwarding BV'];
  if (path === 'container.isSecurePickup') return true;
  if (path === 'color' || path === 'total.color') return 'yellow';
  if (path === 'light') return 'customs';
  if (path === 'result') return 'allowed';
  if (path === 'pcsResult') return 'accepted';
  if (path === 'action') return 'transferToPcs';
  if (path.endsWith('type')) return 'driver';
  if (path === 'modeOfTransport') return 'barge';
  // A value that names no key, so a raw key in the text is the key's own.
  return 'Scheldt';
}

/** A description holding every member an operation can write (`auditDescriptionPaths`). */
function fullDescription(operation: StatementAction): Record<string, unknown> {
  const description: Record<string, unknown> = {};
  for (const path of auditDescriptionPaths[operation]) {
    const keys = path.split('.');
    let node = description;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] = sample(path);
  }
  return description;
}

const operations = Object.keys(auditDescriptionPaths) as StatementAction[];

describe('releases spec §3 "Audit trail entry": every member a description can hold has words', () => {
  it.each(languages)(
    '%s names every member of every operation, never by its raw key',
    (language) => {
      const { t } = createI18n({ language });
      const raw = operations.flatMap((operation) => {
        const description = fullDescription(operation);
        const lines = descriptionLines(description, t);
        const keys = new Set(auditDescriptionPaths[operation].flatMap((path) => path.split('.')));
        const shown = descriptionText(lines);
        return [
          ...lines
            .filter((line) => line.kind === 'pair')
            .filter((line) => keys.has(line.label) || line.label.includes('.'))
            .map((line) => `${operation}: ${line.label}`),
          // A special rendering (driver, check, light, PCS answer) writes no key either (a
          // camelCase one: "terminal" or "container" is also a word of some languages).
          ...[...keys]
            .filter((key) => /[A-Z]/.test(key))
            .filter((key) => new RegExp(`(^|[ ;(])${key}:`).test(shown))
            .map((key) => `${operation}: ${key} in "${shown}"`),
        ];
      });
      expect(raw).toEqual([]);
    },
  );

  it('a revoke names the organisations it was revoked from (the trail showed "revokedFrom:")', () => {
    const { t } = createI18n({ language: 'en' });
    expect(descriptionLines({ revokedFrom: ['Kempen Forwarding BV', 'Haven NV'] }, t)).toEqual([
      { kind: 'pair', label: 'Revoked from', value: 'Kempen Forwarding BV, Haven NV' },
    ]);
  });

  it('a next mode of transport in the words of the table and the dialog', () => {
    const { t } = createI18n({ language: 'nl' });
    expect(descriptionLines({ modeOfTransport: 'barge' }, t)).toEqual([
      { kind: 'pair', label: 'Volgende vervoerswijze', value: 'Binnenschip' },
    ]);
    expect(t('releases.auditTrail.field.modeOfTransport')).toBe(
      t('releases.columns.nextModeOfTransport'),
    );
  });
});
