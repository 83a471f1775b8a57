import ApartmentIcon from '@mui/icons-material/Apartment';
import CardMembershipIcon from '@mui/icons-material/CardMembership';
import GroupIcon from '@mui/icons-material/Group';
import HubIcon from '@mui/icons-material/Hub';
import KeyIcon from '@mui/icons-material/Key';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import WarehouseIcon from '@mui/icons-material/Warehouse';
import WebhookIcon from '@mui/icons-material/Webhook';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';
import { useAdminT } from './admin-i18n.ts';
import type { AdminSection } from './admin-sections.ts';

const icons: Record<AdminSection, ReactNode> = {
  organizations: <ApartmentIcon />,
  users: <GroupIcon />,
  subscriptions: <CardMembershipIcon />,
  connections: <HubIcon />,
  terminals: <WarehouseIcon />,
  apiKeys: <KeyIcon />,
  machineUsers: <PrecisionManufacturingIcon />,
  webhooks: <WebhookIcon />,
  orders: <ShoppingCartIcon />,
  tickets: <SupportAgentIcon />,
};

/** The left navigation between the sections a person may use. */
export function AdminNavigation(props: {
  sections: AdminSection[];
  current: AdminSection;
  onSelect: (section: AdminSection) => void;
}) {
  const { t } = useAdminT();
  return (
    <Paper variant="outlined" component="nav" aria-label={t('nav.label')}>
      <List dense data-testid="admin-navigation">
        {props.sections.map((section) => (
          // A list holds list items only (axe `list`): each button sits in its own item.
          <ListItem key={section} disablePadding>
            <ListItemButton
              selected={section === props.current}
              aria-current={section === props.current ? 'page' : undefined}
              onClick={() => props.onSelect(section)}
              data-testid={`admin-nav-${section}`}
            >
              <ListItemIcon sx={{ minWidth: 36 }}>{icons[section]}</ListItemIcon>
              <ListItemText primary={t(`nav.${section}`)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}
