import { alfaPassValid, type Driver } from '@scr/domain';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../ui/form-dialog.tsx';
import { serverFields, type FieldProblems } from './transporter-dialog.tsx';
import { useTransporterPatch } from './use-transporter-patch.tsx';

type Method = 'alfapass' | 'itsme';
type ItsmeWay = 'send' | 'copy';

/**
 * The driver identification dialog (access spec §2): an Alfapass number, or itsme, whose
 * registration link is e-mailed to the driver (an e-mail address is needed: "Missing email
 * address") or shown to copy (access spec §4).
 */
export function IdentificationDialog(props: { driver: Driver; onClose: () => void }) {
  const { t } = useTranslation();
  const [method, setMethod] = useState<Method>('alfapass');
  const [alfaPass, setAlfaPass] = useState(props.driver.alfaPass ?? '');
  const [way, setWay] = useState<ItsmeWay>(props.driver.email ? 'send' : 'copy');
  const [errors, setErrors] = useState<FieldProblems>({});
  const [link, setLink] = useState<string | null>(null);
  const save = useTransporterPatch('driver', {
    onDone: (answer) => (answer.link && way === 'copy' ? setLink(answer.link) : props.onClose()),
    onFieldErrors: (error) => setErrors(serverFields(error)),
  });
  const submit = () => {
    if (method === 'alfapass') {
      const ok = alfaPassValid(alfaPass.trim());
      setErrors(ok ? {} : { alfaPass: 'transporters.validation.alfaPassFormat' });
      if (ok) save.patch(props.driver.id, { alfaPass: alfaPass.trim() });
      return;
    }
    if (way === 'send' && !props.driver.email) {
      setErrors({ email: 'transporters.validation.emailMissing' });
      return;
    }
    save.patch(props.driver.id, way === 'send' ? { sendItsmeLink: true } : { copyItsmeLink: true });
  };
  return (
    <>
      <FormDialog
        title={t('transporters.identification.title', { name: props.driver.name })}
        testId="identification-dialog"
        onClose={props.onClose}
        cancelLabel={t('transporters.cancel')}
        submit={
          link
            ? { label: t('transporters.close'), onClick: props.onClose }
            : {
                label: t('transporters.save'),
                onClick: submit,
                disabled: save.isPending,
                testId: 'identification-save',
              }
        }
      >
        {link ? (
          <TextField
            label={t('transporters.identification.link')}
            value={link}
            slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'itsme-link' } }}
          />
        ) : (
          <>
            <RadioGroup
              row
              value={method}
              onChange={(event) => setMethod(event.target.value as Method)}
            >
              <FormControlLabel value="alfapass" control={<Radio />} label="Alfapass" />
              <FormControlLabel value="itsme" control={<Radio />} label="itsme" />
            </RadioGroup>
            {method === 'alfapass' ? (
              <TextField
                label={t('transporters.fields.alfaPass')}
                value={alfaPass}
                onChange={(event) => setAlfaPass(event.target.value)}
                error={Boolean(errors.alfaPass)}
                helperText={
                  errors.alfaPass
                    ? t(errors.alfaPass)
                    : t('transporters.identification.alfaPassHelp')
                }
                slotProps={{
                  htmlInput: { 'data-testid': 'identification-alfaPass', inputMode: 'numeric' },
                }}
              />
            ) : (
              <>
                <RadioGroup
                  row
                  value={way}
                  onChange={(event) => setWay(event.target.value as ItsmeWay)}
                >
                  <FormControlLabel
                    value="send"
                    control={<Radio />}
                    label={t('transporters.identification.send')}
                  />
                  <FormControlLabel
                    value="copy"
                    control={<Radio />}
                    label={t('transporters.identification.copy')}
                  />
                </RadioGroup>
                {errors.email && (
                  <Typography color="error" variant="body2" data-testid="identification-error">
                    {t(errors.email)}
                  </Typography>
                )}
              </>
            )}
          </>
        )}
      </FormDialog>
      {save.warning}
    </>
  );
}
