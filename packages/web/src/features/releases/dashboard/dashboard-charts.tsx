import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha, useTheme } from '@mui/material/styles';
import { PieChart } from '@mui/x-charts/PieChart';
import {
  sliceOfItem,
  type DashboardAnswer,
  type DashboardItem,
  type DashboardSlice,
} from '@scr/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useTerminals } from '../api/use-lookups.ts';

export interface DashboardChartsProps {
  answer: DashboardAnswer;
  slice: DashboardSlice | null;
  onSlice: (slice: DashboardSlice) => void;
}

/**
 * A slice's label: its translation, a pick-up location by its terminal's name (issue 15: names
 * where bare codes say little), or its value as it is (a port).
 */
const labelOf = (t: TFunction, item: DashboardItem, terminalNames: ReadonlyMap<string, string>) =>
  item.translationKey
    ? t(item.translationKey)
    : (item.chartTitle === 'pickupLocation' && item.value && terminalNames.get(item.value)) ||
      (item.value ?? '');

/** The side of a pie, in pixels: small enough that the dashboard takes little of the page. */
const chartSize = 88;

const isSelected = (item: DashboardItem, slice: DashboardSlice | null) =>
  !!slice && slice.field === item.chartTitle && slice.value === item.value;

/**
 * The dashboard's pie charts (MUI X Charts, loaded lazily), one per `forChart`, each with its
 * slices also listed as buttons: a click on an arc or a button selects that slice; the selected
 * one stays bright while the others fade.
 */
export default function DashboardCharts({ answer, slice, onSlice }: DashboardChartsProps) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const { terminals } = useTerminals();
  const terminalNames = new Map(terminals.map((terminal) => [terminal.code, terminal.name]));
  const palette = [
    theme.palette.primary.main,
    theme.palette.secondary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.error.main,
    theme.palette.info.main,
    theme.palette.grey[600],
    theme.palette.grey[400],
  ];
  const charts = [...new Set(answer.data.map((item) => item.forChart))].sort();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box
      sx={{
        display: 'grid',
        columnGap: 3,
        rowGap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
      }}
    >
      {charts.map((forChart) => {
        const items = answer.data.filter((item) => item.forChart === forChart);
        const field = items[0]!.chartTitle;
        const chosen = items.some((item) => isSelected(item, slice));
        const colour = (item: DashboardItem, index: number) => {
          const base = palette[index % palette.length]!;
          return chosen && !isSelected(item, slice) ? alpha(base, 0.25) : base;
        };
        const select = (item: DashboardItem) => {
          const clicked = sliceOfItem(item);
          if (clicked) onSlice(clicked);
        };
        return (
          <Box key={forChart} data-testid={`dashboard-chart-${field}`}>
            <Typography variant="subtitle2" component="h2" sx={{ fontWeight: 600 }}>
              {t(`releases.dashboard.charts.${field}`)}
            </Typography>
            {/* The pie small beside its slices: the table leads (about one row's height). */}
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 0.5 }}>
              <PieChart
                width={chartSize}
                height={chartSize}
                margin={0}
                hideLegend
                series={[
                  {
                    id: field,
                    innerRadius: chartSize / 5,
                    paddingAngle: 1,
                    cornerRadius: 3,
                    highlightScope: { fade: 'global', highlight: 'item' },
                    valueFormatter: (value) =>
                      t('releases.dashboard.count', { count: value.value }),
                    data: items.map((item, index) => ({
                      id: index,
                      value: item.number,
                      label: labelOf(t, item, terminalNames),
                      color: colour(item, index),
                    })),
                  },
                ]}
                onItemClick={(_, identifier) => select(items[identifier.dataIndex]!)}
                sx={{ cursor: 'pointer', flexShrink: 0 }}
              />
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 0 }}>
                {items.map((item, index) => (
                  <Chip
                    key={index}
                    size="small"
                    variant={isSelected(item, slice) ? 'filled' : 'outlined'}
                    aria-pressed={isSelected(item, slice)}
                    disabled={item.value === null}
                    onClick={() => select(item)}
                    icon={
                      <Box
                        component="span"
                        sx={{
                          width: 10,
                          height: 10,
                          borderRadius: '50%',
                          bgcolor: colour(item, index),
                        }}
                      />
                    }
                    label={`${labelOf(t, item, terminalNames)} · ${number.format(item.number)}`}
                    data-testid={`dashboard-slice-${field}-${item.value ?? 'others'}`}
                  />
                ))}
              </Stack>
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
