import { coreorReasons, languages, type CoreorAnswer } from '@scr/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../i18n/i18n.ts';
import { renderReleases } from '../test/render-releases.tsx';
import { CoreorDialog } from './coreor-dialog.tsx';
import { CoreorReport } from './coreor-report.tsx';

const answer: CoreorAnswer = {
  fileName: 'coreor.edi',
  interchangeReference: 'IC0001',
  sender: 'MSCBE',
  recipient: 'SCRPORTAL',
  status: 'partiallyAccepted',
  accepted: 3,
  rejected: 1,
  duplicates: 0,
  errors: [],
  messages: [
    {
      messageReference: 'M1',
      documentNumber: 'RO-1',
      function: 'original',
      status: 'partiallyAccepted',
      errors: [],
      releases: [
        {
          blNumber: 'MSCUAN1',
          containerNumber: 'MSCU1234565',
          action: 'create',
          status: 'accepted',
          address: '0x1',
          errors: [],
        },
        {
          blNumber: 'MSCUAN1',
          containerNumber: 'MSCU4567891',
          action: 'create',
          status: 'rejected',
          errors: [
            { segment: 'DTM+36:20261345:102', position: 25, reason: 'dateInvalid' },
            {
              segment: 'LOC+117+BEANR:139:6+NOPE:TER:ZZZ',
              position: 23,
              reason: 'invalidField',
              field: 'pickupLocation',
              detail: 'releases.validation.invalidTerminal',
            },
          ],
        },
      ],
    },
  ],
};

describe('issue 14 item 4: the COREOR upload and its APERAK-like answer', () => {
  it('shows per message what was taken and each refused segment with its reason', async () => {
    renderReleases({ ui: <CoreorReport answer={answer} /> });
    const report = await screen.findByTestId('coreor-report');
    expect(within(report).getByTestId('coreor-counts')).toHaveTextContent(
      'Partly accepted — 3 taken, 1 refused.',
    );
    const rows = within(report).getAllByTestId('coreor-release');
    expect(rows[0]).toHaveTextContent('MSCU1234565');
    expect(rows[0]).toHaveTextContent('Created');
    expect(
      within(rows[1]!)
        .getAllByTestId('coreor-segment')
        .map((s) => s.textContent),
    ).toEqual(['DTM+36:20261345:102', 'LOC+117+BEANR:139:6+NOPE:TER:ZZZ']);
    expect(rows[1]).toHaveTextContent('segment 25');
    expect(rows[1]).toHaveTextContent('This is not a valid date');
    expect(rows[1]).toHaveTextContent('The value is refused: Invalid terminal code');
  });

  it('says a message received before was not done again (README "EDIFACT COREOR")', async () => {
    const again: CoreorAnswer = {
      ...answer,
      status: 'duplicate',
      accepted: 0,
      rejected: 0,
      duplicates: 1,
      errors: [{ segment: 'UNB+UNOA:2+MSCBE', position: 1, reason: 'duplicateInterchange' }],
      messages: [
        {
          ...answer.messages[0]!,
          status: 'duplicate',
          releases: [{ ...answer.messages[0]!.releases[0]!, status: 'duplicate' }],
        },
      ],
    };
    renderReleases({ ui: <CoreorReport answer={again} /> });
    const report = await screen.findByTestId('coreor-report');
    expect(within(report).getByTestId('coreor-counts')).toHaveTextContent(
      'Duplicate — 0 taken, 0 refused. 1 received before, not done again.',
    );
    expect(within(report).getByTestId('coreor-interchange-errors')).toHaveTextContent(
      'This interchange (same sender and control reference) was received before',
    );
    expect(within(report).getByTestId('coreor-release')).toHaveTextContent(
      'Received before: not done again',
    );
  });

  it('needs a file before sending', async () => {
    const app = renderReleases({ ui: <CoreorDialog onClose={vi.fn()} /> });
    const dialog = await screen.findByTestId('coreor-dialog');
    await app.events.click(within(dialog).getByTestId('coreor-submit'));
    expect(within(dialog).getByTestId('coreor-problem')).toHaveTextContent(
      'Please choose a COREOR file',
    );
  });

  it.each(languages)('%s translates every reason the import answers', (language) => {
    const i18n = createI18n({ language });
    const missing = Object.keys(coreorReasons)
      .map((reason) => `releases.coreor.reason.${reason}`)
      .filter((key) => !i18n.exists(key, { lng: language, fallbackLng: false }));
    expect(missing).toEqual([]);
  });
});
