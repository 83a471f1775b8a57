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
import { useCallback, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FeatureGate, useFeature } from '../premium/feature-gate.tsx';
import { useSession } from '../session/session-context.tsx';
import { DialogRequestContext, type DialogRequest } from './dialogs/dialog-request.ts';
import { ReleaseDialogs } from './dialogs/release-dialogs.tsx';
import { LivePrompt } from './live/live-prompt.tsx';
import { useLiveReleases } from './live/use-live-releases.ts';
import { CreateReleaseMenu } from './overview/create-release-menu.tsx';
import { FilterDrawer } from './overview/filter-drawer.tsx';
import {
  initialOverviewState,
  overviewReducer,
  showsResultsBanner,
} from './overview/overview-state.ts';
import { ResultsBanner } from './overview/results-banner.tsx';
import { SearchBox } from './overview/search-box.tsx';
import { useOverviewPreferences } from './overview/use-overview-preferences.ts';
import { BlTable } from './tables/bl-table.tsx';
import { ContainerTable, type Selection } from './tables/container-table.tsx';

/** / and /releases: the release overview (releases spec §2), its two tabs and its dialogs. */
export function ReleasesPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const skipInitialLoad = useFeature('canSkipInitialLoad');
  const [state, dispatch] = useReducer(overviewReducer, skipInitialLoad, initialOverviewState);
  const restoreLimits = useCallback(
    (limits: Record<OverviewView, number>) => dispatch({ type: 'restoreLimits', limits }),
    [],
  );
  const preferences = useOverviewPreferences(restoreLimits);
  const live = useLiveReleases(
    user ? { role: user.organizationRole, organizationAddress: user.organizationAddress } : null,
  );
  const [filterOpen, setFilterOpen] = useState(false);
  const [dialog, setDialog] = useState<DialogRequest | null>(null);
  const [selection, setSelection] = useState<Selection>({});
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
        </Stack>
        <Stack spacing={1} sx={{ mb: 2, '&:empty': { display: 'none' } }}>
          {live.prompted ? <LivePrompt onRefresh={live.refresh} onClose={live.dismiss} /> : null}
          {showsResultsBanner(state) ? (
            <ResultsBanner
              search={state.search}
              filter={state.filter}
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
        {state.view === 'bl' ? (
          <BlTable {...tableProps('bl')} />
        ) : (
          <FeatureGate feature={releaseFeatureGates.containerView}>
            <ContainerTable
              {...tableProps('container')}
              selection={selection}
              onSelectionChange={setSelection}
            />
          </FeatureGate>
        )}
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
          onDeleted={(addresses) =>
            setSelection((now) =>
              Object.fromEntries(Object.entries(now).filter(([a]) => !addresses.includes(a))),
            )
          }
        />
      </Box>
    </DialogRequestContext.Provider>
  );
}
