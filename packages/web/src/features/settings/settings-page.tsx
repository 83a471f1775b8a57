import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  languages,
  mayUseReleaseFeature,
  type Language,
  type NoticeGrouping,
  type PreferencesView,
} from '@scr/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { describeApiError } from '../../api/errors.ts';
import { chooseLanguage, currentLanguage } from '../../i18n/i18n.ts';
import { useSnackbar } from '../../ui/snackbar/snackbar-context.ts';
import { releaseKeys } from '../releases/api/query-keys.ts';
import { useSession } from '../session/session-context.tsx';
import { GroupingChoice } from './grouping-choice.tsx';
import { fetchPreferences, savePreferences } from './settings-api.ts';

/** The path of the settings page (access spec §2 "Routes": settings, authenticated). */
export const settingsPath = '/settings';

/** What the settings page edits of the preferences (the overview keeps its columns and limits). */
interface SettingsValues {
  preferredLanguage: Language;
  releaseTransferEmail: boolean;
  releaseUpdateEmail: boolean;
  transferred: NoticeGrouping;
  updated: NoticeGrouping;
}

/**
 * Settings (access spec §2 "Settings"): the preferred language, release transfer and update
 * e-mail and how each is grouped. Saving applies the language at once (and it is the one the
 * next sign-in and the e-mail use) and returns to the home page.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const preferences = useQuery({ queryKey: releaseKeys.preferences, queryFn: fetchPreferences });
  return (
    <Box data-testid="settings-page" sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, md: 3 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {t('settings.title')}
      </Typography>
      {preferences.isPending ? (
        <CircularProgress aria-label={t('settings.loading')} />
      ) : preferences.isError ? (
        <Alert severity="error" data-testid="settings-load-error">
          {describeApiError(preferences.error, t)}
        </Alert>
      ) : (
        <SettingsForm saved={preferences.data} />
      )}
    </Box>
  );
}

function SettingsForm({ saved }: { saved: PreferencesView }) {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { enqueue } = useSnackbar();
  // The language the portal shows now: the preference, unless this browser chose another.
  const [values, setValues] = useState<SettingsValues>(() => ({
    preferredLanguage: currentLanguage(i18n),
    releaseTransferEmail: saved.releaseTransferEmail,
    releaseUpdateEmail: saved.releaseUpdateEmail,
    transferred: saved.options.transferred,
    updated: saved.options.updated,
  }));
  const set = <K extends keyof SettingsValues>(key: K, value: SettingsValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const mayGroupPerBl = !!user?.features && mayUseReleaseFeature('notifyPerBl', user.features);

  const save = useMutation({
    mutationFn: () =>
      savePreferences({
        preferredLanguage: values.preferredLanguage,
        releaseTransferEmail: values.releaseTransferEmail,
        releaseUpdateEmail: values.releaseUpdateEmail,
        options: { transferred: values.transferred, updated: values.updated },
      }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(releaseKeys.preferences, answer);
      await chooseLanguage(i18n, answer.preferredLanguage);
      enqueue(i18n.t('settings.saved'), 'success');
      await navigate('/');
    },
    onError: (error) =>
      enqueue(`${t('settings.saveError')} ${describeApiError(error, t)}`, 'error'),
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      sx={{ p: 3 }}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack spacing={3}>
        <TextField
          select
          label={t('settings.language')}
          value={values.preferredLanguage}
          onChange={(event) => set('preferredLanguage', event.target.value as Language)}
          slotProps={{
            select: { native: true },
            htmlInput: { 'data-testid': 'settings-language' },
          }}
          sx={{ maxWidth: 280 }}
        >
          {languages.map((language) => (
            <option key={language} value={language} lang={language}>
              {t(`language.${language}`)}
            </option>
          ))}
        </TextField>
        <Box>
          <Typography variant="subtitle1" component="h2">
            {t('settings.emailTitle')}
          </Typography>
          <FormGroup>
            {(['releaseTransferEmail', 'releaseUpdateEmail'] as const).map((key) => (
              <FormControlLabel
                key={key}
                control={
                  <Checkbox
                    checked={values[key]}
                    onChange={(event) => set(key, event.target.checked)}
                    slotProps={{ input: { 'data-testid': `settings-${key}` } as object }}
                  />
                }
                label={t(`settings.${key}`)}
              />
            ))}
          </FormGroup>
        </Box>
        <GroupingChoice
          name="transferred"
          value={values.transferred}
          mayGroupPerBl={mayGroupPerBl}
          onChange={(grouping) => set('transferred', grouping)}
        />
        <GroupingChoice
          name="updated"
          value={values.updated}
          mayGroupPerBl={mayGroupPerBl}
          onChange={(grouping) => set('updated', grouping)}
        />
        <Stack direction="row" spacing={2} justifyContent="flex-end">
          <Button data-testid="settings-cancel" onClick={() => void navigate('/')}>
            {t('settings.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            data-testid="settings-save"
            loading={save.isPending}
          >
            {t('settings.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
