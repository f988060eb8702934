import { Navigate } from 'react-router';
import { useExchange1c } from '@/features/settings/api/exchange-1c-api';
import { Exchange1cAccountCard } from '@/features/settings/components/exchange-1c-account-card';
import { Exchange1cLog } from '@/features/settings/components/exchange-1c-log';
import { SettingsLoader } from '@/features/settings/components/settings-loader';
import { useSession } from '@/shared/auth/session-context';

function Exchange1cScreen() {
  const query = useExchange1c();
  return (
    <div data-testid="exchange-1c-tab">
      <SettingsLoader query={query}>{(data) => <Exchange1cAccountCard data={data} />}</SettingsLoader>
      <Exchange1cLog />
    </div>
  );
}

/** /partner/settings/exchange-1c (issue 41): ADMIN and the owner; anyone else goes to the shop tab. */
export function Exchange1cTab() {
  const { rights } = useSession();
  if (!rights?.manageExchange1c) return <Navigate to="../my-shop" relative="path" replace />;
  return <Exchange1cScreen />;
}
