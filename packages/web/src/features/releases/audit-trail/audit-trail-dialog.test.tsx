import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from '../../../api/http.ts';
import { allFeatures, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { carrier, renderReleases } from '../test/render-releases.tsx';
import { AuditTrailDialog } from './audit-trail-dialog.tsx';
import { auditEntry } from './test-entries.ts';

const rows = [container(), container({ address: '0xr2', containerNumber: 'TGHU7654321' })];
const trail = [
  auditEntry(),
  auditEntry({
    id: '2',
    operation: 'edit',
    operationAt: '2026-07-01T22:05:09.000Z',
    sequence: 2,
    description: { changes: { turnInLocation: 'Depot Noord' }, userId: 7 },
    verified: false,
    verifyProblem: 'the event does not hash to its stored hash',
  }),
  auditEntry({
    id: '3',
    releaseAddress: '0xr2',
    containerNumber: 'TGHU7654321',
    operation: 'assign',
    source: 'apiKey',
    firstName: null,
    lastName: null,
    description: { driverName: 'Jan Janssens', identification: '123456' },
  }),
];

const renderDialog = (user = carrier) =>
  renderReleases({
    user,
    auditTrail: trail,
    ui: <AuditTrailDialog rows={rows} onClose={vi.fn()} />,
  });

afterEach(() => vi.restoreAllMocks());

/** The files the dialog hands to the browser: each link clicked and its blob. */
function captureDownloads() {
  const saved = { links: [] as HTMLAnchorElement[], blobs: [] as Blob[] };
  URL.createObjectURL = vi.fn((made: Blob) => {
    saved.blobs.push(made);
    return 'blob:evidence';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.links.push(this);
  });
  return saved;
}

describe('audit trail dialog (releases spec §2 "Audit trail dialog (table plus CSV download)")', () => {
  it('reads the trail of the releases and shows each event, its time in Brussels and its verified mark (§3, §9)', async () => {
    const app = renderDialog();
    const table = await screen.findByTestId('audit-trail-table');
    expect(app.api.auditTrail).toHaveBeenCalledWith(['0xr1', '0xr2']);
    const [created, edited, assigned] = within(table).getAllByTestId('audit-trail-row');
    expect(created).toHaveTextContent('SOLU1234567');
    expect(created).toHaveTextContent('21/11/2026 10:30:00');
    expect(created).toHaveTextContent('Ann Peeters');
    expect(created).toHaveTextContent('Scheldt Ocean Line NV');
    expect(within(created!).getByTestId('audit-trail-verified')).toBeInTheDocument();
    expect(edited).toHaveTextContent('Edited');
    expect(edited).toHaveTextContent('02/07/2026 00:05:09');
    expect(edited).toHaveTextContent('Turn-in location (truck): Depot Noord');
    expect(assigned).toHaveTextContent('TGHU7654321');
    expect(assigned).toHaveTextContent('API key');
    expect(assigned).toHaveTextContent('Driver: Jan Janssens (123456)');
  });

  it('shows why a row does not verify', async () => {
    const app = renderDialog();
    const [, edited] = await screen.findAllByTestId('audit-trail-row');
    const mark = within(edited!).getByTestId('audit-trail-unverified');
    expect(within(edited!).queryByTestId('audit-trail-verified')).toBeNull();
    expect(mark).toHaveTextContent('Not verified: the event does not hash to its stored hash');
    await app.events.hover(mark);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Not verified: the event does not hash to its stored hash',
    );
  });

  it('downloads the trail as src-auditlog-<Brussels time>.csv with the table’s columns', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:30:00Z'));
    let blob: Blob | undefined;
    URL.createObjectURL = vi.fn((made: Blob) => {
      blob = made;
      return 'blob:trail';
    });
    URL.revokeObjectURL = vi.fn();
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });
    const app = renderDialog();
    await screen.findByTestId('audit-trail-table');
    await app.events.click(screen.getByTestId('audit-trail-download'));
    vi.useRealTimers();
    expect(clicked.map((link) => link.download)).toEqual(['src-auditlog-20261121-103000.csv']);
    const lines = (await blob!.text()).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'BL number,Container number,Operation,Time (Brussels),Source,Source organisation,Target organisation,User,Description,Verified',
    );
    expect(lines[2]).toBe(
      'SOLU1234567,MSKU1234565,Edited,02/07/2026 00:05:09,User,Scheldt Ocean Line NV,,Ann Peeters,Turn-in location (truck): Depot Noord,Not verified: the event does not hash to its stored hash',
    );
    expect(lines).toHaveLength(5);
  });

  it('exports the evidence of the container shown as a JSON file to verify offline (docs/ledger.md, "Evidence bundles")', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T09:30:00Z'));
    const saved = captureDownloads();
    const app = renderReleases({
      user: carrier,
      auditTrail: trail,
      ui: <AuditTrailDialog rows={[rows[0]!]} onClose={vi.fn()} />,
    });
    await screen.findByTestId('audit-trail-table');
    await app.events.click(screen.getByTestId('audit-trail-export-evidence'));
    await waitFor(() => expect(saved.links).toHaveLength(1));
    vi.useRealTimers();
    expect(app.api.evidenceBundle).toHaveBeenCalledWith({ containerNumber: 'MSKU1234565' });
    expect(saved.links[0]!.download).toBe('scr-evidence-MSKU1234565-20261121-103000.json');
    expect(saved.blobs[0]!.type).toBe('application/json');
    expect(JSON.parse(await saved.blobs[0]!.text())).toMatchObject({
      kind: 'scr-evidence-bundle',
      scope: { containerNumber: 'MSKU1234565' },
    });
  });

  it('exports the BL when it shows a BL’s containers, and says why not for containers of several BLs', async () => {
    const saved = captureDownloads();
    const app = renderDialog();
    await screen.findByTestId('audit-trail-table');
    await app.events.click(screen.getByTestId('audit-trail-export-evidence'));
    await waitFor(() => expect(saved.links).toHaveLength(1));
    expect(app.api.evidenceBundle).toHaveBeenCalledWith({ blNumber: 'SOLU1234567' });
    app.unmount();

    const elsewhere = container({
      address: '0xr3',
      blNumber: 'SOLU7654321',
      containerNumber: 'TGHU1111117',
    });
    const other = renderReleases({
      user: carrier,
      auditTrail: trail,
      ui: <AuditTrailDialog rows={[rows[0]!, elsewhere]} onClose={vi.fn()} />,
    });
    await screen.findByTestId('audit-trail-table');
    const button = screen.getByTestId('audit-trail-export-evidence');
    expect(button).toBeDisabled();
    await other.events.hover(button.parentElement!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Evidence is exported per container or per BL: open the audit trail of one container or of one BL.',
    );
  });

  it('shows why an export failed', async () => {
    const app = renderDialog();
    app.api.evidenceBundle.mockRejectedValueOnce(
      new HttpError(503, 'evidence_not_logged', 'not logged', { code: 'evidence_not_logged' }),
    );
    await screen.findByTestId('audit-trail-table');
    await app.events.click(screen.getByTestId('audit-trail-export-evidence'));
    expect(await screen.findByTestId('audit-trail-evidence-error')).toHaveTextContent(
      "The newest events are being added to the ledger's signed log: try again in a minute.",
    );
  });

  it('shows the promotional frame without canAuditTrail, and reads nothing (§6)', async () => {
    const app = renderDialog(
      userWith({ ...carrier, features: { ...allFeatures(true), canAuditTrail: false } }),
    );
    const dialog = await screen.findByTestId('audit-trail-dialog');
    expect(within(dialog).getByTestId('premium-promo')).toHaveAttribute(
      'data-feature',
      'canAuditTrail',
    );
    expect(screen.queryByTestId('audit-trail-download')).toBeNull();
    await waitFor(() => expect(app.api.auditTrail).not.toHaveBeenCalled());
  });
});

describe('the Audit trail action (releases spec §2 "Action split button")', () => {
  it('opens the trail of the selected containers', async () => {
    const app = renderReleases({ containers: rows, auditTrail: trail });
    await app.events.click(await screen.findByTestId('tab-container'));
    const row = await screen.findByTestId('container-row-TGHU7654321');
    await app.events.click(within(row).getByRole('checkbox'));
    await app.events.click(screen.getByTestId('selection-actions-arrow'));
    await app.events.click(await screen.findByTestId('release-action-auditTrail'));
    const dialog = await screen.findByTestId('audit-trail-dialog');
    expect(await within(dialog).findAllByTestId('audit-trail-row')).toHaveLength(1);
    expect(app.api.auditTrail).toHaveBeenCalledWith(['0xr2']);
  }, 20_000);
});
