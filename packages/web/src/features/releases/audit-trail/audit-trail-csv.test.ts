import { languages, statementActions } from '@scr/domain';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { auditTrailCsv, auditTrailFileName, entryTexts } from './audit-trail-csv.ts';
import { auditEntry } from './test-entries.ts';

const { t } = createI18n({ language: 'en' });

describe('audit trail export (releases spec §2 "CSV download", §9, DESIGN §3)', () => {
  it('names the file src-auditlog with a Brussels timestamp (§9)', () => {
    expect(auditTrailFileName(new Date('2026-11-21T09:30:00Z'))).toBe(
      'src-auditlog-20261121-103000.csv',
    );
    expect(auditTrailFileName(new Date('2026-07-01T22:05:09Z'))).toBe(
      'src-auditlog-20260702-000509.csv',
    );
  });

  it('writes a translated header and the table’s columns, time in Brussels', () => {
    const csv = auditTrailCsv(
      [
        auditEntry(),
        auditEntry({
          id: '2',
          operation: 'transfer',
          operationAt: '2026-07-01T22:05:09Z',
          targetOrganizationName: 'Kempen Haulage',
          description: { to: 'Kempen Haulage' },
          verified: false,
          verifyProblem: 'the event does not hash to its stored hash',
        }),
      ],
      t,
    );
    expect(csv.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'BL number,Container number,Operation,Time (Brussels),Source,Source organisation,Target organisation,User,Description,Verified',
      'SOLU1234567,MSKU1234565,Created,21/11/2026 10:30:00,User,Scheldt Ocean Line NV,,Ann Peeters,Creator: 0xc4,Verified',
      'SOLU1234567,MSKU1234565,Transferred,02/07/2026 00:05:09,User,Scheldt Ocean Line NV,Kempen Haulage,Ann Peeters,To: Kempen Haulage,Not verified: the event does not hash to its stored hash',
      '',
    ]);
  });

  it('neutralises cells that start with = + - @ (DESIGN §3)', () => {
    const csv = auditTrailCsv(
      [auditEntry({ sourceOrganizationName: '=HYPERLINK("x")', description: '@SUM(1)' })],
      t,
    );
    const row = csv.split('\r\n')[1]!;
    expect(row).toContain(`"'=HYPERLINK(""x"")"`);
    expect(row).toContain(`'@SUM(1)`);
    expect(row).not.toMatch(/,[=+\-@]/);
  });

  it('translates operation and source, and names the user', () => {
    const { t: tFr } = createI18n({ language: 'fr' });
    expect(entryTexts(auditEntry({ source: 'apiKey', firstName: null }), tFr)).toMatchObject({
      operation: 'Créée',
      source: 'Clé API',
      user: 'Peeters',
    });
  });
});

describe('audit trail locales (DESIGN §5: five languages)', () => {
  it.each(languages)('%s names every ledger operation and source', (language) => {
    const i18n = createI18n({ language });
    const keys = [
      ...statementActions.map((action) => `releases.auditTrail.operation.${action}`),
      ...['user', 'apiKey', 'system'].map((source) => `releases.auditTrail.source.${source}`),
      'releases.actions.auditTrail',
    ];
    const missing = keys.filter((key) => !i18n.exists(key, { lng: language, fallbackLng: false }));
    expect(missing).toEqual([]);
  });
});
