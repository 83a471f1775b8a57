import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useAdminT } from '../admin-i18n.ts';

/** `releases:write` → the translation of `apiKeys.scope.releases.write` (the scope itself if none). */
export function useScopeLabel() {
  const { t } = useAdminT();
  return (scope: string) => t(`apiKeys.scope.${scope.replace(':', '.')}`, { defaultValue: scope });
}

export function ScopeChips({ scopes }: { scopes: string[] }) {
  const label = useScopeLabel();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {scopes.map((scope) => (
        <Chip key={scope} size="small" variant="outlined" label={label(scope)} title={scope} />
      ))}
    </Stack>
  );
}
