import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  assignableTypes,
  chooseIdentification,
  noMoreThan,
  normalizedVisitNumber,
  spansSeveralAssignees,
  visitNumberMaxLength,
  type AssignmentCheck,
  type AssignmentTerminal,
  type ContainerRow,
  type IdentificationChoice,
  type TransporterType,
} from '@scr/domain';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AddBargeDialog, AddDriverDialog, AddTrainDialog } from '../../transporters/index.ts';
import { formMessageText } from '../../../ui/form-message.ts';
import { useSession } from '../../session/session-context.tsx';
import { CustodyStepDialog } from '../custody/custody-dialog-frame.tsx';
import type { CustodyOutcome } from '../custody/custody-flow.ts';
import { useCustodyAction } from '../custody/use-custody-action.ts';
import {
  assignmentKeys,
  transporterChoice,
  useAssignmentApi,
  type TransporterChoice,
} from './assignment-api.tsx';
import { AssignmentReportDialog } from './assignment-report.tsx';
import { SelectedContainers } from '../dialogs/selected-containers.tsx';

const addDialogs = { driver: AddDriverDialog, barge: AddBargeDialog, train: AddTrainDialog };

/**
 * The terminals of the releases that can be assigned (the check's `reason` null), once each:
 * what releases spec §5 decides the identification on.
 */
export function assignableTerminals(check: AssignmentCheck | undefined): AssignmentTerminal[] {
  const terminals = new Map<string, AssignmentTerminal>();
  for (const release of check?.releases ?? []) {
    if (release.reason === null && release.terminal) {
      terminals.set(release.terminal.code, release.terminal);
    }
  }
  return [...terminals.values()];
}

/** The names and visit numbers the selection is assigned to now, for the warning (spec §5). */
function currentAssignees(info: {
  assignedDrivers: string[];
  assignedBarges: string[];
  assignedTrains: string[];
}) {
  return [...info.assignedDrivers, ...info.assignedBarges, ...info.assignedTrains];
}

/**
 * Releases spec §2 "Assign/unassign dialog with tabs Drivers, Barges, Trains" (each behind
 * canAssignDriver / canAssignBarge / canAssignTrain, §6) and the add dialogs; §5: the
 * identification the selected transporter would be assigned with, per the terminals' method, or
 * why there is none (Assign disabled); the warning when the selection spans several assignees or
 * visit numbers (`info`); then the signed two calls through the ID wallet (DESIGN §3) and the
 * assignment report.
 */
export function AssignmentDialog({
  rows,
  onClose,
  report,
}: {
  rows: readonly Pick<ContainerRow, 'address' | 'blNumber' | 'containerNumber'>[];
  onClose: () => void;
  /** What shows once done instead of the assignment report (the bulk operations' report). */
  report?: (outcome: CustodyOutcome) => ReactNode;
}) {
  const { t } = useTranslation();
  const { user } = useSession();
  const calls = useAssignmentApi();
  const types = assignableTypes(user?.features ?? {});
  const [tab, setTab] = useState<TransporterType | undefined>(types[0]);
  const [chosen, setChosen] = useState<TransporterChoice | null>(null);
  const [search, setSearch] = useState('');
  const [visitNumber, setVisitNumber] = useState('');
  const [adding, setAdding] = useState(false);
  const custody = useCustodyAction('assign');
  const addresses = useMemo(() => rows.map((row) => row.address), [rows]);
  const info = useQuery({
    queryKey: assignmentKeys.info(addresses),
    queryFn: () => calls.info(addresses),
  });
  const check = useQuery({
    queryKey: assignmentKeys.check(addresses),
    queryFn: () => calls.check(addresses),
  });
  const list = useQuery({
    queryKey: assignmentKeys.active(tab ?? 'driver'),
    queryFn: () => calls.activeTransporters(tab!),
    enabled: tab !== undefined,
  });
  const { phase } = custody;
  const running = phase.name === 'running';

  const terminals = assignableTerminals(check.data);
  const refused = (check.data?.releases ?? []).filter((release) => release.reason !== null);
  const choice: IdentificationChoice | null =
    chosen && check.data
      ? chooseIdentification(chosen.identifiers, terminals, {
          portCommunityLinked: check.data.portCommunityLinked,
        })
      : null;
  const needle = search.trim().toLowerCase();
  const shown = (list.data ?? []).filter(
    (item) => needle === '' || `${item.name} ${item.details}`.toLowerCase().includes(needle),
  );
  const visitTooLong = visitNumber.trim().length > visitNumberMaxLength;
  // The frame disables confirm while a step runs.
  const canAssign = choice?.ok === true && terminals.length > 0 && !visitTooLong && rows.length > 0;

  if (phase.name === 'done') {
    if (report) return report(phase.outcome);
    return <AssignmentReportDialog outcome={phase.outcome} onClose={onClose} />;
  }

  const confirm = () => {
    if (!choice?.ok) return;
    void custody.start(addresses, undefined, {
      ...choice.assignee,
      visitNumber: normalizedVisitNumber(visitNumber),
    });
  };
  const AddDialog = tab ? addDialogs[tab] : null;

  return (
    <CustodyStepDialog
      testId="assignment-dialog"
      title={t('assignment.title')}
      custody={custody}
      dialogs={
        adding && AddDialog ? (
          <AddDialog
            onClose={() => setAdding(false)}
            onCreated={(row) => {
              if (tab) setChosen(transporterChoice(tab, row as never));
            }}
          />
        ) : null
      }
      onClose={onClose}
      confirm={{
        label: t('assignment.confirm'),
        onClick: confirm,
        disabled: !canAssign,
        testId: 'assignment-confirm',
      }}
    >
      <DialogContentText data-testid="assignment-count">
        {t('assignment.text', { count: rows.length })}
      </DialogContentText>
      <SelectedContainers rows={rows} />
      {info.data && spansSeveralAssignees(info.data) ? (
        <Alert severity="warning" data-testid="assignment-spread-warning">
          {t('assignment.spreadWarning', {
            names: currentAssignees(info.data).join(', ') || '—',
            visitNumbers: info.data.visitNumbers.join(', ') || '—',
          })}
        </Alert>
      ) : info.data?.hasAssignedReleases ? (
        <Alert severity="info" data-testid="assignment-current">
          {t('assignment.currentlyAssigned', {
            names: currentAssignees(info.data).join(', '),
          })}
        </Alert>
      ) : null}
      {types.length === 0 ? (
        <Alert severity="info">{t('assignment.noTabs')}</Alert>
      ) : (
        <Tabs
          value={tab}
          onChange={(_, next: TransporterType) => {
            setTab(next);
            setChosen(null);
            setSearch('');
          }}
          data-testid="assignment-tabs"
        >
          {types.map((type) => (
            <Tab
              key={type}
              value={type}
              label={t(`assignment.tabs.${type}`)}
              data-testid={`assignment-tab-${type}`}
              disabled={running}
            />
          ))}
        </Tabs>
      )}
      {tab ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth
              label={t('assignment.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              slotProps={{ htmlInput: { 'data-testid': 'assignment-search' } }}
            />
            <Button
              startIcon={<AddIcon />}
              onClick={() => setAdding(true)}
              disabled={running}
              sx={{ whiteSpace: 'nowrap' }}
              data-testid="assignment-add"
            >
              {t(`assignment.add.${tab}`)}
            </Button>
          </Stack>
          {list.isPending ? (
            <CircularProgress size={20} />
          ) : shown.length === 0 ? (
            <Typography variant="body2" color="text.secondary" data-testid="assignment-empty">
              {t(`assignment.empty.${tab}`)}
            </Typography>
          ) : (
            <List dense sx={{ maxHeight: 240, overflow: 'auto' }} data-testid="assignment-list">
              {shown.map((item) => (
                <ListItemButton
                  key={item.key}
                  selected={chosen?.key === item.key}
                  onClick={() => setChosen(item)}
                  disabled={running}
                  data-testid={`assignment-choice-${item.id}`}
                >
                  <ListItemText primary={item.name} secondary={item.details || '—'} />
                </ListItemButton>
              ))}
            </List>
          )}
        </Stack>
      ) : null}
      <TextField
        size="small"
        label={t('assignment.visitNumber')}
        value={visitNumber}
        onChange={(event) => setVisitNumber(event.target.value)}
        error={visitTooLong}
        helperText={
          visitTooLong ? formMessageText(t, noMoreThan(visitNumberMaxLength, 'characters')) : ''
        }
        disabled={running}
        slotProps={{ htmlInput: { 'data-testid': 'assignment-visit-number' } }}
      />
      {choice ? <IdentificationNote choice={choice} /> : null}
      {check.data && terminals.length === 0 ? (
        <Alert severity="warning" data-testid="assignment-none-assignable">
          {t('assignment.noneAssignable')}
        </Alert>
      ) : null}
      {refused.length > 0 ? (
        <Alert severity="info" data-testid="assignment-refused">
          <Typography variant="subtitle2">{t('assignment.notAssignable')}</Typography>
          <ul style={{ margin: 0, paddingLeft: 20 }}>
            {refused.map((release) => (
              <li key={release.address}>
                {`${release.blNumber ?? '—'} : ${release.containerNumber ?? release.address} — ${t(
                  release.key ?? '',
                  { defaultValue: release.error ?? '' },
                )}`}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
    </CustodyStepDialog>
  );
}

/**
 * Releases spec §5: the identification the assignment binds, or the warning why there is none
 * (missing alfaPass, itsme or port-account registration; no identification method …).
 */
function IdentificationNote({ choice }: { choice: IdentificationChoice }) {
  const { t } = useTranslation();
  if (choice.ok) {
    return (
      <Alert severity="success" data-testid="assignment-identification">
        {t(`assignment.identification.${choice.assignee.identificationType}`, {
          value: choice.assignee.identification,
        })}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="assignment-identification-warning"
      data-reason={choice.reason}
    >
      {t(`assignment.refusal.${choice.reason}`)}
    </Alert>
  );
}
