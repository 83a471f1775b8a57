import {
  identificationCommitment,
  parseStatement,
  type AssignmentCheck,
  type AssignmentInfo,
  type CustodyApplyRequest,
  type TransporterType,
} from '@scr/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { allFeatures, forwarderUser, userWith } from '../../../test/fixtures.ts';
import { container } from '../test/fake-releases-api.ts';
import { fakeWallet } from '../test/fake-wallet.ts';
import { renderReleases } from '../test/render-releases.tsx';
import {
  AssignmentApiProvider,
  transporterChoice,
  type AssignmentCalls,
} from './assignment-api.tsx';
import { AssignmentDialog } from './assignment-dialog.tsx';
import { UnassignDialog } from './unassign-dialog.tsx';

/*
 * Releases spec §2 "Assign/unassign dialog with tabs Drivers, Barges, Trains", §5 "Assign
 * identification", §6 (canAssignDriver / canAssignBarge / canAssignTrain gate their tabs), §8
 * (the assignment report); DESIGN §3 (the signed two calls, the statement's assignee).
 */

const haulier = userWith({ features: allFeatures(true) });
const rows = [1, 2].map((n) =>
  container({ address: `0xr${n}`, containerNumber: `MSKU000000${n}`, version: 10 + n }),
);
const alfaTerminal = {
  code: 'K1742',
  identificationMethod: 'alfapass' as const,
  portLocode: 'BEANR',
  connected: true,
};

const noInfo: AssignmentInfo = {
  hasAssignedReleases: false,
  assignedDrivers: [],
  assignedBarges: [],
  assignedTrains: [],
  visitNumbers: [],
};

function checkOf(
  terminal: AssignmentCheck['releases'][number]['terminal'],
  linked = true,
): AssignmentCheck {
  return {
    portCommunityLinked: linked,
    releases: rows.map((row) => ({
      address: row.address,
      blNumber: row.blNumber,
      containerNumber: row.containerNumber,
      reason: null,
      key: null,
      error: null,
      terminal,
      assigneeName: null,
    })),
  };
}

const drivers = [
  { id: 1, alfaPass: '123456', itsmeCode: null, name: 'Ann Alfa' },
  { id: 2, alfaPass: null, itsmeCode: 'itsme-sub', name: 'Iris Itsme' },
].map((driver) =>
  transporterChoice('driver', {
    ...driver,
    firstName: driver.name.split(' ')[0]!,
    lastName: driver.name.split(' ')[1]!,
    email: null,
    phone: null,
    itsmeData: null,
    isActive: true,
    identificationRequired: false,
    organization_address: '0xf0a1',
  }),
);
const barges = [
  transporterChoice('barge', {
    id: 7,
    name: 'Barge One',
    eniNumber: '12345678',
    identification: '12345678',
    isActive: true,
  }),
];

function fakeCalls(fields: Partial<{ info: AssignmentInfo; check: AssignmentCheck }> = {}) {
  return {
    info: vi.fn(async () => fields.info ?? noInfo),
    check: vi.fn(async () => fields.check ?? checkOf(alfaTerminal)),
    activeTransporters: vi.fn(async (type: TransporterType) =>
      type === 'driver' ? drivers : type === 'barge' ? barges : [],
    ),
  } satisfies AssignmentCalls;
}

function renderDialog(
  calls: AssignmentCalls = fakeCalls(),
  options: { user?: typeof haulier; unassign?: boolean } = {},
) {
  const onClose = vi.fn();
  const Dialog = options.unassign ? UnassignDialog : AssignmentDialog;
  const app = renderReleases({
    containers: rows,
    user: options.user ?? haulier,
    ui: (
      <AssignmentApiProvider api={calls}>
        <Dialog rows={rows} onClose={onClose} />
      </AssignmentApiProvider>
    ),
  });
  return { ...app, onClose };
}

describe('releases spec §2, §6: the assignment dialog’s tabs', () => {
  it('shows Drivers, Barges and Trains, each only with its feature', async () => {
    renderDialog(fakeCalls(), {
      user: userWith({ features: { ...allFeatures(true), canAssignBarge: false } }),
    });
    expect(await screen.findByTestId('assignment-tab-driver')).toBeInTheDocument();
    expect(screen.getByTestId('assignment-tab-train')).toBeInTheDocument();
    expect(screen.queryByTestId('assignment-tab-barge')).not.toBeInTheDocument();
  });

  it('lists the active transporters of the tab, searchable', async () => {
    const app = renderDialog();
    expect(await screen.findByText('Ann Alfa')).toBeInTheDocument();
    expect(screen.getByText('Iris Itsme')).toBeInTheDocument();
    await app.events.type(screen.getByTestId('assignment-search'), 'iris');
    expect(screen.queryByText('Ann Alfa')).not.toBeInTheDocument();
    await app.events.click(screen.getByTestId('assignment-tab-barge'));
    expect(await screen.findByText('Barge One')).toBeInTheDocument();
  });
});

describe('releases spec §5 "Assign identification" in the dialog', () => {
  it('Assign is disabled without identification, with the reason shown', async () => {
    const app = renderDialog();
    await app.events.click(await screen.findByText('Iris Itsme'));
    const warning = await screen.findByTestId('assignment-identification-warning');
    expect(warning).toHaveAttribute('data-reason', 'missingAlfaPass');
    expect(screen.getByTestId('assignment-confirm')).toBeDisabled();
    await app.events.click(screen.getByText('Ann Alfa'));
    expect(await screen.findByTestId('assignment-identification')).toHaveTextContent('123456');
    expect(screen.getByTestId('assignment-confirm')).toBeEnabled();
  });

  it('a terminal without a method: "No identification method was configured for the selected terminal(s)."', async () => {
    const app = renderDialog(
      fakeCalls({
        // Outside Antwerp, whose port rule would name alfaPass.
        check: checkOf({ ...alfaTerminal, identificationMethod: null, portLocode: 'NLRTM' }),
      }),
    );
    await app.events.click(await screen.findByText('Ann Alfa'));
    expect(await screen.findByTestId('assignment-identification-warning')).toHaveTextContent(
      'No identification method was configured for the selected terminal(s).',
    );
    expect(screen.getByTestId('assignment-confirm')).toBeDisabled();
  });

  it('Antwerp without a linked port-community account: Assign disabled', async () => {
    const app = renderDialog(fakeCalls({ check: checkOf(alfaTerminal, false) }));
    await app.events.click(await screen.findByText('Ann Alfa'));
    expect(await screen.findByTestId('assignment-identification-warning')).toHaveAttribute(
      'data-reason',
      'missingPortAccount',
    );
    expect(screen.getByTestId('assignment-confirm')).toBeDisabled();
  });

  it('warns when the selection spans several assignees or visit numbers', async () => {
    renderDialog(
      fakeCalls({
        info: {
          ...noInfo,
          hasAssignedReleases: true,
          assignedDrivers: ['Ann Alfa'],
          assignedBarges: ['Barge One'],
        },
      }),
    );
    expect(await screen.findByTestId('assignment-spread-warning')).toHaveTextContent(
      'Ann Alfa, Barge One',
    );
  });

  it('no warning for one assignee with one visit number', async () => {
    renderDialog(
      fakeCalls({
        info: {
          ...noInfo,
          hasAssignedReleases: true,
          assignedDrivers: ['Ann Alfa'],
          visitNumbers: ['V1'],
        },
      }),
    );
    expect(await screen.findByTestId('assignment-current')).toHaveTextContent('Ann Alfa');
    expect(screen.queryByTestId('assignment-spread-warning')).not.toBeInTheDocument();
  });
});

describe('DESIGN §3: the signed two calls through the wallet, then the assignment report', () => {
  it('dry run with the assignee, one statement naming it and the visit number, the report', async () => {
    fakeWallet(forwarderUser);
    const app = renderDialog();
    app.api.custodyDryRun.mockImplementationOnce(async (action, request) => ({
      action,
      eligible_releases: rows.map((row) => ({
        address: row.address,
        blNumber: row.blNumber,
        containerNumber: row.containerNumber,
        version: row.version,
        encryptedPincode: null,
        pincodeHash: null,
      })),
      refused: [],
      assignee: {
        type: request.type!,
        identification: request.identification!,
        identificationType: request.identificationType!,
        name: 'Ann Alfa',
        salt: `0x${'5a'.repeat(16)}`,
      },
      visitNumber: request.visitNumber ?? null,
      serverTime: new Date().toISOString(),
    }));
    await app.events.click(await screen.findByText('Ann Alfa'));
    await app.events.type(screen.getByTestId('assignment-visit-number'), ' V-42 ');
    await app.events.click(screen.getByTestId('assignment-confirm'));
    expect(await screen.findByTestId('assignment-report-succeeded')).toHaveTextContent(
      '2 containers assigned',
    );
    expect(app.api.custodyDryRun).toHaveBeenCalledWith('assign', {
      dryRun: true,
      release_addresses: ['0xr1', '0xr2'],
      type: 'driver',
      identification: '123456',
      identificationType: 'alfapass',
      visitNumber: 'V-42',
    });
    const [action, body] = app.api.custodyApply.mock.calls[0]! as [string, CustodyApplyRequest];
    expect(action).toBe('assign');
    expect(body).toMatchObject({
      type: 'driver',
      identification: '123456',
      identificationType: 'alfapass',
      identificationSalt: `0x${'5a'.repeat(16)}`,
      visitNumber: 'V-42',
    });
    // The statement binds the identification by its commitment with the dry run's salt.
    const statement = parseStatement(body.statement);
    expect(statement.assignee).toEqual({
      identificationCommitment: identificationCommitment(
        `0x${'5a'.repeat(16)}`,
        'alfapass',
        '123456',
      ),
      identificationType: 'alfapass',
      type: 'driver',
    });
    expect(body.statement).not.toContain('123456');
    expect(statement.visitNumber).toBe('V-42');
  });

  it('un-assign: confirmation, the signed call without an assignee, the report', async () => {
    fakeWallet(forwarderUser);
    const app = renderDialog(
      fakeCalls({ info: { ...noInfo, hasAssignedReleases: true, assignedDrivers: ['Ann Alfa'] } }),
      { unassign: true },
    );
    expect(await screen.findByTestId('unassign-current')).toHaveTextContent('Ann Alfa');
    await app.events.click(screen.getByTestId('unassign-confirm'));
    expect(await screen.findByTestId('assignment-report-succeeded')).toHaveTextContent(
      '2 containers un-assigned',
    );
    await waitFor(() => expect(app.api.custodyApply).toHaveBeenCalled());
    const [, body] = app.api.custodyApply.mock.calls[0]! as [string, CustodyApplyRequest];
    expect(parseStatement(body.statement).assignee).toBeUndefined();
  });
});
