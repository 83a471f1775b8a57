import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  invoiceFrequencies,
  premiumFlavors,
  premiumLocations,
  type InvoiceFrequency,
  type OrderView,
  type PremiumFlavor,
  type PremiumLocation,
} from '@scr/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../ui/form-message.ts';
import { FeeSummary } from './fee-summary.tsx';
import { OrganizationsField } from './organizations-field.tsx';
import type { OrderForm as OrderFormState } from './use-order-form.ts';
import { useOrderFormats } from './use-euro.ts';
import { useSubmitOrder } from './use-submit-order.ts';

/** The portal's EULA, which ordering accepts (access spec §2 "Order page"). */
export const eulaUrl = '/legal/eula.html';

function Section(props: { title: string; children: ReactNode }) {
  return (
    <Stack spacing={1.5} component="section">
      <Typography component="h2" variant="h6">
        {props.title}
      </Typography>
      {props.children}
    </Stack>
  );
}

/**
 * Step 0 of /order (access spec §2 "Order page"): the organisations, flavour, locations,
 * invoicing, the computed fee and the EULA. Submit is enabled only once domain `validateOrder`
 * finds nothing missing (§5); what is still missing is listed beside it.
 */
export function OrderForm(props: { form: OrderFormState; onPlaced: (order: OrderView) => void }) {
  const { t } = useTranslation();
  const { region } = useOrderFormats();
  const { form } = props;
  const { values, set, errors } = form;
  const { submit, pending, problem } = useSubmitOrder(form, props.onPlaced);
  // A field's problem shows once it was touched, or the server named it.
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const touch = (field: string) => setTouched((s) => new Set(s).add(field));
  const shown = (field: string) => {
    const server = problem.fields[field];
    if (server) return t(server);
    const key = errors[field];
    return key && touched.has(field) ? fieldMessage(t, `order.validation.${key}`) : undefined;
  };
  const missing = Object.values(errors).map((key) => fieldMessage(t, `order.validation.${key}`));
  const toggleLocation = (code: PremiumLocation) => {
    touch('locations');
    set({
      locations: values.locations.includes(code)
        ? values.locations.filter((l) => l !== code)
        : premiumLocations.filter((l) => l === code || values.locations.includes(l)),
    });
  };

  if (problem.sessionExpired) {
    return (
      <Alert severity="warning" data-testid="order-session-expired">
        {t('order.sessionExpired')}
      </Alert>
    );
  }
  return (
    <Stack
      spacing={3}
      component="form"
      data-testid="order-form"
      onSubmit={(e) => e.preventDefault()}
    >
      <Section title={t('order.form.organizations')}>
        <OrganizationsField
          organizations={values.organizations}
          ownId={values.organizations[0]!.id}
          onAdd={form.addOrganization}
          onRemove={form.removeOrganization}
        />
        {shown('organizationIds') && (
          <FormHelperText error>{shown('organizationIds')}</FormHelperText>
        )}
      </Section>

      <Section title={t('order.form.flavor')}>
        <FormControl error={Boolean(shown('flavor'))}>
          <RadioGroup
            value={values.flavor}
            onChange={(e) => {
              touch('flavor');
              set({ flavor: e.target.value as PremiumFlavor });
            }}
            data-testid="order-flavor"
          >
            {premiumFlavors.map((flavor) => (
              <FormControlLabel
                key={flavor}
                value={flavor}
                control={
                  <Radio
                    slotProps={{ input: { 'data-testid': `order-flavor-${flavor}` } as object }}
                  />
                }
                label={
                  <span>
                    <strong>{t(`order.flavors.${flavor}.title`)}</strong> —{' '}
                    {t(`order.flavors.${flavor}.text`)}
                  </span>
                }
              />
            ))}
          </RadioGroup>
          {shown('flavor') && <FormHelperText>{shown('flavor')}</FormHelperText>}
        </FormControl>
      </Section>

      <Section title={t('order.form.locations')}>
        <FormControl error={Boolean(shown('locations'))} component="fieldset">
          <FormLabel component="legend" sx={{ mb: 0.5 }}>
            {t('order.form.locationsHelp')}
          </FormLabel>
          <FormGroup row>
            {premiumLocations.map((code) => (
              <FormControlLabel
                key={code}
                label={region(code)}
                control={
                  <Checkbox
                    checked={values.locations.includes(code)}
                    onChange={() => toggleLocation(code)}
                    slotProps={{ input: { 'data-testid': `order-location-${code}` } as object }}
                  />
                }
              />
            ))}
          </FormGroup>
          {shown('locations') && <FormHelperText>{shown('locations')}</FormHelperText>}
        </FormControl>
      </Section>

      <Section title={t('order.form.invoicing')}>
        <TextField
          select
          label={t('order.form.invoiceOrganization')}
          value={values.invoiceOrganizationId ?? ''}
          onChange={(e) => set({ invoiceOrganizationId: Number(e.target.value) })}
          error={Boolean(shown('invoiceOrganizationId'))}
          helperText={shown('invoiceOrganizationId')}
          slotProps={{ htmlInput: { 'data-testid': 'order-invoice-organization' } }}
        >
          {values.organizations.map((org) => (
            <MenuItem key={org.id} value={org.id}>
              {org.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('order.form.invoiceEmail')}
          type="email"
          required
          value={values.invoiceEmail}
          onChange={(e) => set({ invoiceEmail: e.target.value })}
          onBlur={() => touch('invoiceEmail')}
          error={Boolean(shown('invoiceEmail'))}
          helperText={shown('invoiceEmail')}
          slotProps={{ htmlInput: { 'data-testid': 'order-invoice-email', maxLength: 100 } }}
        />
        <FormControl>
          <FormLabel>{t('order.form.frequency')}</FormLabel>
          <RadioGroup
            row
            value={values.invoiceFrequency}
            onChange={(e) => set({ invoiceFrequency: e.target.value as InvoiceFrequency })}
          >
            {invoiceFrequencies.map((frequency) => (
              <FormControlLabel
                key={frequency}
                value={frequency}
                label={t(`order.form.frequencies.${frequency}`)}
                control={
                  <Radio
                    slotProps={{
                      input: { 'data-testid': `order-frequency-${frequency}` } as object,
                    }}
                  />
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={t('order.form.po')}
          value={values.po}
          onChange={(e) => set({ po: e.target.value })}
          onBlur={() => touch('po')}
          error={Boolean(shown('po'))}
          helperText={shown('po')}
          slotProps={{ htmlInput: { 'data-testid': 'order-po', maxLength: 100 } }}
        />
      </Section>

      <FeeSummary quote={form.quote} startDate={form.startDate} />

      <Stack spacing={1}>
        <FormControlLabel
          control={
            <Checkbox
              checked={values.eulaAccepted}
              onChange={(e) => {
                touch('eulaAccepted');
                set({ eulaAccepted: e.target.checked });
              }}
              slotProps={{ input: { 'data-testid': 'order-eula' } as object }}
            />
          }
          label={t('order.form.eula')}
        />
        <Link
          href={eulaUrl}
          target="_blank"
          rel="noopener noreferrer"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, alignSelf: 'flex-start' }}
        >
          {t('order.form.eulaRead')}
          <OpenInNewIcon fontSize="small" aria-hidden />
        </Link>
      </Stack>

      {problem.message && (
        <Alert severity="error" data-testid="order-error">
          {problem.message}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' } }}
      >
        <Button
          variant="contained"
          size="large"
          disabled={missing.length > 0 || !form.quote || pending}
          onClick={submit}
          data-testid="order-submit"
        >
          {t('order.form.submit')}
        </Button>
        {missing.length > 0 && (
          <Typography variant="body2" color="text.secondary" data-testid="order-missing">
            {t('order.form.missing', { items: missing.join(' · ') })}
          </Typography>
        )}
      </Stack>
    </Stack>
  );
}
