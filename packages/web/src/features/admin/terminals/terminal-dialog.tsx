import { userMay } from '@scr/domain';
import type { IdentificationMethod, PortView, TerminalView } from '@scr/domain';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session/session-context.tsx';
import { adminApi, adminKeys } from '../api/admin-api.ts';
import { useAdminT } from '../admin-i18n.ts';
import { fieldMessage, hasErrors, type FieldErrors } from '../common/field-errors.ts';
import { OrganizationPicker, type OrganizationChoice } from '../common/organization-picker.tsx';
import { useAdminMutation } from '../common/use-admin-mutation.ts';
import { FormDialog } from '../../../ui/form-dialog.tsx';

interface Settings {
  name: string;
  identificationMethod: IdentificationMethod | 'none';
  pinsAllowed: boolean;
  securePickupEnabled: boolean;
  greenLightsShown: boolean;
}

/**
 * A terminal's settings (releases spec §6: secure pick-up enablement per terminal). Its owner's
 * admin changes the settings; support also creates terminals and sets port and owner.
 */
export function TerminalDialog(props: { terminal: TerminalView | null; onClose: () => void }) {
  const { t } = useAdminT();
  const { user } = useSession();
  const support = userMay(user, 'terminal.reassign');
  const existing = props.terminal;
  const [code, setCode] = useState('');
  const [port, setPort] = useState(existing?.portLocode ?? '');
  const [owner, setOwner] = useState<OrganizationChoice | null>(
    existing?.ownerOrganizationId
      ? { id: existing.ownerOrganizationId, name: existing.ownerOrganizationName ?? '' }
      : null,
  );
  const [settings, setSettings] = useState<Settings>({
    name: existing?.name ?? '',
    identificationMethod: existing?.identificationMethod ?? 'none',
    pinsAllowed: existing?.pinsAllowed ?? true,
    securePickupEnabled: existing?.securePickupEnabled ?? false,
    greenLightsShown: existing?.greenLightsShown ?? true,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const ports = useQuery({
    queryKey: adminKeys.of('ports'),
    queryFn: () => adminApi.ports.find<PortView[]>(),
    enabled: support,
    staleTime: Infinity,
  });
  const save = useAdminMutation({
    mutationFn: () => {
      const body = {
        ...settings,
        name: settings.name.trim(),
        identificationMethod:
          settings.identificationMethod === 'none' ? null : settings.identificationMethod,
        ...(support ? { portLocode: port, ownerOrganizationId: owner?.id ?? null } : {}),
      };
      return existing
        ? adminApi.terminals.patch(existing.code, body)
        : adminApi.terminals.create({ code: code.trim(), ...body });
    },
    success: existing ? 'common.saved' : 'terminals.created',
    invalidates: ['terminals'],
    onSuccess: props.onClose,
    onFieldErrors: setErrors,
  });
  const submit = () => {
    const problems: FieldErrors = {};
    if (!existing && !/^[A-Za-z0-9_-]{1,20}$/.test(code.trim()))
      problems.code = 'validation.terminalCode';
    if (!settings.name.trim()) problems.name = 'validation.required';
    if (support && !port) problems.portLocode = 'validation.required';
    setErrors(problems);
    if (!hasErrors(problems)) save.mutate(undefined);
  };
  const check = (key: 'pinsAllowed' | 'securePickupEnabled' | 'greenLightsShown') => (
    <FormControlLabel
      control={
        <Checkbox
          checked={settings[key]}
          onChange={(event) => setSettings({ ...settings, [key]: event.target.checked })}
          data-testid={`terminal-${key}`}
        />
      }
      label={t(`terminals.${key}`)}
    />
  );
  return (
    <FormDialog
      title={existing ? t('terminals.editTitle', { code: existing.code }) : t('terminals.newTitle')}
      testId="terminal-dialog"
      onClose={props.onClose}
      cancelLabel={t('common.cancel')}
      submit={{
        label: t('common.save'),
        onClick: submit,
        disabled: save.isPending,
        testId: 'terminal-save',
      }}
    >
      {!existing && (
        <TextField
          label={t('terminals.code')}
          required
          value={code}
          onChange={(event) => setCode(event.target.value)}
          error={Boolean(errors.code)}
          helperText={fieldMessage(t, errors.code)}
          slotProps={{ htmlInput: { 'data-testid': 'terminal-code' } }}
        />
      )}
      <TextField
        label={t('terminals.name')}
        required
        value={settings.name}
        onChange={(event) => setSettings({ ...settings, name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={fieldMessage(t, errors.name, 'name')}
        slotProps={{ htmlInput: { 'data-testid': 'terminal-name' } }}
      />
      {support && (
        <>
          <TextField
            select
            required
            label={t('terminals.port')}
            value={port}
            onChange={(event) => setPort(event.target.value)}
            error={Boolean(errors.portLocode)}
            helperText={fieldMessage(t, errors.portLocode, 'port')}
          >
            {(ports.data ?? []).map((p) => (
              <MenuItem key={p.locode} value={p.locode}>
                {`${p.name} (${p.locode})`}
              </MenuItem>
            ))}
          </TextField>
          <OrganizationPicker
            testId="terminal-owner"
            label={t('terminals.owner')}
            role="terminal"
            value={owner}
            onChange={setOwner}
            error={fieldMessage(t, errors.ownerOrganizationId, 'organization')}
          />
        </>
      )}
      <TextField
        select
        label={t('terminals.identification')}
        value={settings.identificationMethod}
        onChange={(event) =>
          setSettings({
            ...settings,
            identificationMethod: event.target.value as Settings['identificationMethod'],
          })
        }
      >
        <MenuItem value="none">{t('terminals.methods.none')}</MenuItem>
        <MenuItem value="alfapass">{t('terminals.methods.alfapass')}</MenuItem>
        <MenuItem value="itsme">{t('terminals.methods.itsme')}</MenuItem>
      </TextField>
      {check('securePickupEnabled')}
      {check('pinsAllowed')}
      {check('greenLightsShown')}
    </FormDialog>
  );
}
