import FilterListIcon from '@mui/icons-material/FilterList';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import {
  isFilterActive,
  mayManageReleases,
  releaseFeatureGates,
  type OverviewView,
} from '@scr/domain';
import { Suspense, useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePhoneLayout } from '../../ui/phone-cards.tsx';
import { FeatureGate, useFeature } from '../premium/feature-gate.tsx';
import { useSession } from '../session/session-context.tsx';
import { ActionsMenuProvider } from './actions/actions-menu-state.tsx';
import { DialogRequestContext, type DialogRequest } from './dialogs/dialog-request.ts';
import { DownloadButtons } from './downloads/download-buttons.tsx';
import { overviewDownloadScope } from './downloads/download-scope.ts';
import { ReleaseDialogs } from './dialogs/release-dialogs.tsx';
import { LivePrompt } from './live/live-prompt.tsx';
import { useLiveReleases } from './live/use-live-releases.ts';
import { CreateReleaseMenu } from './overview/create-release-menu.tsx';
import { FilterDrawer } from './overview/filter-drawer.tsx';
import {
  initialOverviewState,
  overviewReducer,
  resultsKey,
  showsResultsBanner,
} from './overview/overview-state.ts';
import { ResultsBanner } from './overview/results-banner.tsx';
import { overviewFromUrl } from './overview/overview-url.ts';
import { SearchBox } from './overview/search-box.tsx';
import { useOverviewUrl } from './overview/use-overview-url.ts';
import { useOverviewPreferences } from './overview/use-overview-preferences.ts';
import { DashboardPanel } from './dashboard/dashboard-panel.tsx';
import {
  ReleaseSelectionContext,
  useReleaseSelection,
  useReleaseSelectionState,
} from './selection/release-selection.ts';
import { BulkOperationsButton } from './bulk/bulk-operations-button.tsx';
import { ReleaseCards } from './cards/release-cards.tsx';
import { BlTable, ContainerTable, TableLoading } from './tables/lazy-tables.tsx';

/** / and /releases: the release overview (releases spec §2), its two tabs and its dialogs. */
export function ReleasesPage() {
  // Issue 13 item 4: one selection for the whole page, read with `useReleaseSelection`.
  const selection = useReleaseSelectionState();
  return (
    <ReleaseSelectionContext.Provider value={selection}>
      {/* Which Actions menu is open, above the tables that remount their rows. */}
      <ActionsMenuProvider>
        <ReleasesOverview />
      </ActionsMenuProvider>
    </ReleaseSelectionContext.Provider>
  );
}

function ReleasesOverview() {
  const { t } = useTranslation();
  const { user } = useSession();
  // Issue 15: below the `sm` breakpoint (a phone) the overview is a list of cards.
  const phone = usePhoneLayout();
  const [params] = useSearchParams();
  const skipInitialLoad = useFeature('canSkipInitialLoad');
  const [state, dispatch] = useReducer(overviewReducer, skipInitialLoad, (skip) =>
    // Issue 15: a reload or a shared link opens the tab, search and filter of its address.
    overviewReducer(initialOverviewState(skip), { type: 'link', link: overviewFromUrl(params) }),
  );
  const restoreLimits = useCallback(
    (limits: Record<OverviewView, number>) => dispatch({ type: 'restoreLimits', limits }),
    [],
  );
  useOverviewUrl(state, dispatch);
  const preferences = useOverviewPreferences(restoreLimits);
  const live = useLiveReleases(
    user
      ? {
          role: user.organizationRole,
          organizationAddress: user.organizationAddress,
          userId: user.id,
        }
      : null,
  );
  const [filterOpen, setFilterOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const selection = useReleaseSelection();
  useSelectionOfResults(resultsKey(state), selection.clear);
  const managesReleases = !!user && mayManageReleases(user.organizationRole);

  const tableProps = (view: OverviewView) => ({
    state,
    dispatch,
    hidden: preferences.hidden[view],
    onHiddenChange: (ids: string[]) => preferences.setHiddenColumns(view, ids),
    onRowLimit: (limit: number) => preferences.setRowLimit(view, limit),
    ready: preferences.ready,
  });

  return (
    <DialogRequestContext.Provider value={setDialog}>
      <Box data-testid="releases-page" data-view={state.view}>
        <Stack
          direction="row"
          spacing={2}
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 2, flexWrap: 'wrap' }}
        >
          <Typography component="h1" variant="h5" sx={{ fontWeight: 600 }}>
            {t('releases.title')}
          </Typography>
          {managesReleases ? <CreateReleaseMenu /> : null}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <SearchBox
            value={state.searchInput}
            applied={state.search}
            onChange={(text) => dispatch({ type: 'typeSearch', text })}
            onSearch={() => dispatch({ type: 'runSearch' })}
          />
          <Button
            variant="outlined"
            startIcon={
              <Badge color="secondary" variant="dot" invisible={!isFilterActive(state.filter)}>
                <FilterListIcon />
              </Badge>
            }
            onClick={() => setFilterOpen(true)}
            data-testid="open-filter"
          >
            {t('releases.filter.open')}
          </Button>
          <DownloadButtons scope={overviewDownloadScope(state, selection.addresses)} />
          <BulkOperationsButton />
        </Stack>
        <DashboardPanel
          slice={state.slice}
          onSlice={(slice) => dispatch({ type: 'slice', slice })}
        />
        <Stack spacing={1} sx={{ mb: 2, '&:empty': { display: 'none' } }}>
          {live.prompted ? (
            <LivePrompt changes={live.changes} onRefresh={live.refresh} onClose={live.dismiss} />
          ) : null}
          {showsResultsBanner(state) ? (
            <ResultsBanner
              search={state.search}
              filter={state.filter}
              slice={state.slice}
              onShowAll={() => dispatch({ type: 'showAll' })}
            />
          ) : null}
        </Stack>
        <Tabs
          value={state.view}
          onChange={(_, view: OverviewView) => dispatch({ type: 'view', view })}
          sx={{ mb: 1 }}
        >
          <Tab value="bl" label={t('releases.tabs.bl')} data-testid="tab-bl" />
          <Tab value="container" label={t('releases.tabs.container')} data-testid="tab-container" />
        </Tabs>
        {/* Issue 15: cards on a phone; the tables' code only where a table is shown. */}
        <Suspense fallback={<TableLoading />}>
          {state.view === 'bl' ? (
            phone ? (
              <ReleaseCards view="bl" {...tableProps('bl')} />
            ) : (
              <BlTable {...tableProps('bl')} />
            )
          ) : (
            <FeatureGate feature={releaseFeatureGates.containerView}>
              {phone ? (
                <ReleaseCards view="container" {...tableProps('container')} />
              ) : (
                <ContainerTable
                  {...tableProps('container')}
                  selection={selection.byAddress}
                  onSelectionChange={selection.set}
                />
              )}
            </FeatureGate>
          )}
        </Suspense>
        <FilterDrawer
          open={filterOpen}
          filter={state.filter}
          onClose={() => setFilterOpen(false)}
          onApply={(filter) => {
            setFilterOpen(false);
            dispatch({ type: 'applyFilter', filter });
          }}
        />
        <ReleaseDialogs
          request={dialog}
          onClose={() => setDialog(null)}
          onDeleted={selection.remove}
        />
      </Box>
    </DialogRequestContext.Provider>
  );
}

/**
 * A new search, filter or dashboard slice (a new `key`) clears the selection: what stays
 * selected is always among the rows shown, and Actions acts on nothing the table hides.
 */
function useSelectionOfResults(key: string, clear: () => void) {
  const shown = useRef(key);
  useEffect(() => {
    if (shown.current === key) return;
    shown.current = key;
    clear();
  }, [key, clear]);
}
