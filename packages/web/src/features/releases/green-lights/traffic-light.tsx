import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { greenLightKinds, type GreenLightColor, type GreenLights } from '@scr/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** The theme's colour of each light (releases spec §4 "Colors: yellow, green, gray, otherwise other"). */
export const lightColor: Record<GreenLightColor, string> = {
  green: 'success.main',
  yellow: 'warning.main',
  gray: 'grey.500',
  red: 'error.main',
};

function Dot({ color, size = 14 }: { color: GreenLightColor; size?: number }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        width: size,
        height: size,
        borderRadius: '50%',
        bgcolor: lightColor[color],
        flexShrink: 0,
      }}
    />
  );
}

/** A value as the user reads it: `releases.greenLights.value.{kind}.{value}`, else as sent. */
export function lightValue(t: TFunction, kind: string, value: string): string {
  return t(`releases.greenLights.value.${kind}.${value}`, { defaultValue: value });
}

/**
 * A release's traffic light (releases spec §3 "Traffic-light (Green Lights) data", §4): the
 * total light, and on hover (or focus) each kind with its value and colour and the source.
 */
export function TrafficLight({ lights }: { lights: GreenLights }) {
  const { t } = useTranslation();
  const colorName = t(`releases.auditTrail.color.${lights.total}`);
  const details = (
    <Stack spacing={0.5} sx={{ p: 0.5 }}>
      {greenLightKinds.map((kind) => {
        const light = lights.events[kind];
        if (!light) return null;
        return (
          <Stack key={kind} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Dot color={light.color} size={10} />
            <Typography variant="caption">
              {t(`releases.auditTrail.light.${kind}`)}: {lightValue(t, kind, light.value)}
            </Typography>
          </Stack>
        );
      })}
      <Typography variant="caption" color="inherit">
        {t('releases.greenLights.source', { source: lights.source })}
      </Typography>
    </Stack>
  );
  return (
    <Tooltip title={details}>
      <Stack
        direction="row"
        spacing={0.75}
        tabIndex={0}
        sx={{ alignItems: 'center', display: 'inline-flex' }}
        aria-label={t('releases.greenLights.total', { color: colorName })}
        data-testid="traffic-light"
        data-color={lights.total}
      >
        <Dot color={lights.total} />
        <Typography variant="body2">{colorName}</Typography>
      </Stack>
    </Tooltip>
  );
}
