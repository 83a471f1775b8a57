import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import LogoutIcon from '@mui/icons-material/Logout';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import SupportAgentIcon from '@mui/icons-material/SupportAgent';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { accountType } from '@scr/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { isAdministrator } from '../../features/admin/is-administrator.ts';
import { useSession } from '../../features/session/session-context.tsx';
import { useLogout } from '../../features/session/use-logout.ts';
import { useHelp } from '../../ui/help/help-context.tsx';

/**
 * The profile menu (access spec §2): e-mail, organisation, the account type for non-carriers
 * (§4 "Account type label"), the administration for admins and support, the support ticket
 * and logout. Shown only to a signed-in user.
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const { user, twoFactorPending } = useSession();
  const logout = useLogout();
  const { openTicket } = useHelp();
  const location = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // Issue 15: no one's menu before the second factor proves who it is (the code screen offers
  // signing out itself).
  if (!user || twoFactorPending) return null;

  const type = accountType(user.organizationRole, user.subscriptions);
  const signOut = async () => {
    setAnchor(null);
    await logout();
  };

  return (
    <>
      <IconButton
        data-testid="profile-menu-button"
        color="inherit"
        aria-label={t('profile.menuButton')}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountCircleIcon />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { dense: true } }}
      >
        <ProfileFact testId="profile-email" label={t('profile.email')} value={user.email} />
        <ProfileFact
          testId="profile-organization"
          label={t('profile.organization')}
          value={user.organization.name}
        />
        {type ? (
          <ProfileFact
            testId="profile-account-type"
            label={t('profile.accountType')}
            value={t(`accountType.${type}`)}
          />
        ) : null}
        <Divider />
        {/* Access spec §2 "Settings"; terminal users have only their own page (§4). */}
        {user.organizationRole !== 'terminal' ? (
          <MenuItem
            component={Link}
            to="/settings"
            data-testid="profile-settings"
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <SettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('profile.settings')}</ListItemText>
          </MenuItem>
        ) : null}
        {isAdministrator(user) ? (
          <MenuItem
            component={Link}
            to="/admin"
            data-testid="profile-admin"
            onClick={() => setAnchor(null)}
          >
            <ListItemIcon>
              <AdminPanelSettingsOutlinedIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{t('profile.admin')}</ListItemText>
          </MenuItem>
        ) : null}
        {/* Access spec §2: the ticket page; terminal users, who see only their page, get the drawer. */}
        {user.organizationRole === 'terminal' ? (
          <MenuItem
            data-testid="profile-ticket"
            onClick={() => {
              setAnchor(null);
              openTicket(location.pathname);
            }}
          >
            <TicketItem label={t('profile.ticket')} />
          </MenuItem>
        ) : (
          <MenuItem
            component={Link}
            to={`/ticket?destination=${encodeURIComponent(location.pathname)}`}
            data-testid="profile-ticket"
            onClick={() => setAnchor(null)}
          >
            <TicketItem label={t('profile.ticket')} />
          </MenuItem>
        )}
        <MenuItem data-testid="profile-logout" onClick={() => void signOut()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('profile.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

function TicketItem({ label }: { label: string }) {
  return (
    <>
      <ListItemIcon>
        <SupportAgentIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{label}</ListItemText>
    </>
  );
}

/** A fact about the user, not an action: keyboard focus skips it. */
function ProfileFact({ testId, label, value }: { testId: string; label: string; value: string }) {
  return (
    <li data-testid={testId} style={{ listStyle: 'none', padding: '4px 16px' }}>
      <ListItemText
        primary={value}
        secondary={label}
        slotProps={{ secondary: { variant: 'caption' } }}
      />
    </li>
  );
}

// MenuList reads this to start keyboard focus on the first real action (MUI's own convention).
ProfileFact.muiSkipListHighlight = true;
