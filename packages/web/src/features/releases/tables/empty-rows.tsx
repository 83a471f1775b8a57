import AddIcon from '@mui/icons-material/Add';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { mayManageReleases } from '@scr/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useHelp } from '../../../ui/help/help-context.tsx';
import { isAdministrator } from '../../admin/is-administrator.ts';
import { useSession } from '../../session/session-context.tsx';
import { useOpenDialog } from '../dialogs/dialog-request.ts';
import { showsResultsBanner } from '../overview/overview-state.ts';
import type { OverviewTableProps } from './overview-table-props.ts';

export interface EmptyRowsProps {
  /** The overview whose tab is empty: whether it started, its search, Start and Show all. */
  overview: Pick<OverviewTableProps, 'state' | 'dispatch'>;
  /** The first page is on its way (`overviewTableOptions`): placeholder lines, not a next step. */
  loading?: boolean;
  /**
   * The placeholder lines while loading: how many, and each one's height in pixels (a table
   * row's, a card's), so that the rows arriving take the room the lines took.
   */
  placeholder?: { lines: number; lineHeight: number; shape?: 'text' | 'card' };
  failed?: boolean;
  /** Rows that are not the server's (the container tab's selection) show whatever the start. */
  started?: boolean;
}

/**
 * What an empty table shows: placeholder lines while its first page loads; the Start button
 * while a canSkipInitialLoad user has not started (releases spec §2); nothing when the page
 * failed (the banner says why); else the next step (issue 15): "Show all" after a search,
 * creating the first release for a carrier, the administration for support, and for everyone
 * else how releases arrive.
 */
export function EmptyRows(props: EmptyRowsProps) {
  const { t } = useTranslation();
  const { overview, failed } = props;
  const { state, dispatch } = overview;
  const started = props.started ?? state.started;
  if (props.loading) return <LoadingLines {...(props.placeholder ?? defaultPlaceholder)} />;
  return (
    <Box
      data-testid="overview-empty"
      sx={{
        py: 5,
        px: 2,
        textAlign: 'center',
        color: 'text.secondary',
        // Centred in the visible part of a table wider than the page.
        position: 'sticky',
        left: 0,
        width: 'min(100%, calc(100vw - 64px))',
      }}
    >
      {failed ? null : started ? (
        <NextStep
          searching={showsResultsBanner(state)}
          onShowAll={() => dispatch({ type: 'showAll' })}
        />
      ) : (
        <>
          <Typography sx={{ mb: 2 }}>{t('releases.startHint')}</Typography>
          <Button
            variant="contained"
            startIcon={<PlayArrowIcon />}
            onClick={() => dispatch({ type: 'start' })}
            data-testid="overview-start"
          >
            {t('releases.start')}
          </Button>
        </>
      )}
    </Box>
  );
}

/**
 * A loading table's body: three lines the width of the visible table, hidden from assistive
 * technology (the table is `aria-busy` and its progress bar is announced: `TableProgress`).
 */
/** Three lines of a compact table row's height (the default of `shown-rows.ts`). */
const defaultPlaceholder = { lines: 3, lineHeight: 50 } as const;

function LoadingLines(props: NonNullable<EmptyRowsProps['placeholder']>) {
  const { lines, lineHeight, shape = 'text' } = props;
  return (
    <Box
      data-testid="overview-loading"
      aria-hidden
      sx={{
        px: shape === 'card' ? 0 : 2,
        position: 'sticky',
        left: 0,
        width: 'min(100%, calc(100vw - 64px))',
      }}
    >
      {Array.from({ length: lines }, (_, line) => (
        <Box key={line} sx={{ height: lineHeight, display: 'flex', alignItems: 'center' }}>
          {shape === 'card' ? (
            <Skeleton variant="rounded" width="100%" height={lineHeight - 8} />
          ) : (
            <Skeleton width="100%" height={32} />
          )}
        </Box>
      ))}
    </Box>
  );
}

interface NextStepProps {
  /** A search or filter is narrowing the rows (issue 15: then "Show all" is the next step). */
  searching: boolean;
  onShowAll: () => void;
}

function NextStep({ searching, onShowAll }: NextStepProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const { openTicket } = useHelp();
  const openDialog = useOpenDialog();
  if (searching) {
    return (
      <Empty
        kind="search"
        icon={<SearchOffIcon fontSize="large" />}
        title={t('releases.empty.searchTitle')}
        text={t('releases.empty.searchText')}
        action={
          <Button variant="outlined" onClick={onShowAll} data-testid="overview-empty-show-all">
            {t('releases.empty.showAll')}
          </Button>
        }
      />
    );
  }
  if (user?.isSupport) {
    return (
      <Empty
        kind="support"
        icon={<AdminPanelSettingsOutlinedIcon fontSize="large" />}
        title={t('releases.empty.supportTitle')}
        text={t('releases.empty.supportText')}
        action={
          <Button
            component={Link}
            to="/admin"
            variant="contained"
            data-testid="overview-empty-admin"
          >
            {t('releases.empty.openAdmin')}
          </Button>
        }
      />
    );
  }
  if (user && mayManageReleases(user.organizationRole)) {
    return (
      <Empty
        kind="carrier"
        icon={<Inventory2OutlinedIcon fontSize="large" />}
        title={t('releases.empty.carrierTitle')}
        text={t('releases.empty.carrierText')}
        action={
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => openDialog({ kind: 'create' })}
            data-testid="overview-empty-create"
          >
            {t('releases.empty.create')}
          </Button>
        }
      />
    );
  }
  return (
    <Empty
      kind="receiver"
      icon={<Inventory2OutlinedIcon fontSize="large" />}
      title={t('releases.empty.receiverTitle')}
      text={t('releases.empty.receiverText')}
      action={
        user && isAdministrator(user) ? (
          <Button
            component={Link}
            to="/admin?section=connections"
            variant="contained"
            data-testid="overview-empty-connections"
          >
            {t('releases.empty.connections')}
          </Button>
        ) : (
          <Button
            variant="outlined"
            startIcon={<SupportAgentIcon />}
            onClick={() => openTicket()}
            data-testid="overview-empty-support"
          >
            {t('releases.empty.contactSupport')}
          </Button>
        )
      }
    />
  );
}

function Empty(props: {
  kind: string;
  icon: ReactNode;
  title: string;
  text: string;
  action: ReactNode;
}) {
  return (
    <Stack
      spacing={1.5}
      sx={{ alignItems: 'center', maxWidth: 520, mx: 'auto' }}
      data-kind={props.kind}
    >
      <Box sx={{ color: 'primary.main' }} aria-hidden>
        {props.icon}
      </Box>
      <Typography
        component="h2"
        variant="h6"
        color="text.primary"
        data-testid="overview-empty-title"
      >
        {props.title}
      </Typography>
      <Typography>{props.text}</Typography>
      {props.action}
    </Stack>
  );
}
