import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useHelp } from './help-context.tsx';

/**
 * "Contact support" wherever a message says so (access spec §8: wallet errors and generic
 * errors open the support page): opens the support ticket form in the help drawer, with what
 * the ticket is about as its destination, so the page behind stays as it was.
 */
export function ContactSupportButton({
  destination,
  ...props
}: { destination: string } & Omit<ButtonProps, 'onClick'>) {
  const { t } = useTranslation();
  const { openTicket } = useHelp();
  return (
    <Button
      size="small"
      color="inherit"
      startIcon={<SupportAgentIcon />}
      data-testid="contact-support"
      {...props}
      onClick={() => openTicket(destination)}
    >
      {t('tickets.contactSupport')}
    </Button>
  );
}
