import { useLocation } from 'wouter';
import { NotFound } from '../../ui/NotFound.tsx';
import { BillingView } from './BillingTab.tsx';
import { ConfigFileNew, ConfigFiles } from './ConfigFilesTab.tsx';
import { ApiTokens } from './IntegrationsTab.tsx';
import { OrganizationEdit, OrganizationView } from './OrganizationTab.tsx';
import { PreferencesView } from './PreferencesTab.tsx';
import { ProfileEdit, ProfileView } from './ProfileTab.tsx';
import { UserEdit, UsersList } from './UsersTab.tsx';

function decoded(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The page of the Accounts section a route rule names (its gate already passed, client/app/DashboardRoutes.tsx). */
export function AccountsScreen({
  pattern,
  params,
}: {
  pattern: string;
  params: Readonly<Record<string, string>>;
}) {
  const [location] = useLocation();
  switch (pattern) {
    case 'accounts':
    case 'accounts/profile':
      return <ProfileView />;
    case 'accounts/profile/edit':
      return <ProfileEdit />;
    case 'accounts/profile/organization':
      return <OrganizationView />;
    case 'accounts/profile/organization/edit':
      return <OrganizationEdit />;
    case 'accounts/users':
      return <UsersList />;
    case 'accounts/users/new':
      return <UserEdit userId={null} />;
    case 'accounts/users/:userId/edit':
      return <UserEdit userId={decoded(params.userId)} />;
    case 'accounts/preferences':
      return <PreferencesView />;
    case 'accounts/billing':
      return <BillingView />;
    case 'accounts/integrations/configs/new':
      return <ConfigFileNew />;
    case 'accounts/integrations':
    case 'accounts/integrations/*': {
      // API tokens are the default sub-tab (access §2), also for a sub-path the section does not know.
      const page = location.split(/[?#]/)[0]?.split('/')[4] ?? 'tokens';
      if (page === 'configs') return <ConfigFiles />;
      return <ApiTokens />;
    }
    default:
      // Every accounts rule of the route table has its page above; a new rule without one is not found.
      return <NotFound />;
  }
}
