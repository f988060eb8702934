import { Navigate, useParams } from 'react-router';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { parseEntityId } from '@/features/clients/client-id';
import { useSession } from '@/shared/auth/session-context';
import { TabbedSection } from '@/shared/ui/tabbed-section';
import { PAGE_TITLE, TAB_LABEL } from '@/shared/ui-text';

type ClientTab = keyof typeof TAB_LABEL.clientCard;

/** The tabs a user sees on a client card: price type needs its right, loyalty needs the programme on. */
export function useClientTabs(): ClientTab[] {
  const { rights } = useSession();
  const info = usePartnerInfo();
  const tabs: ClientTab[] = ['orders', 'info'];
  if (rights?.viewPriceTypeClients) tabs.push('price-type');
  tabs.push('personal-settings');
  if (info.data?.LOYALTY_ON) tabs.push('loyalty');
  return tabs;
}

/** /partner/clients/:id; an invalid id goes back to the client list. */
export function ClientCardPage() {
  const { id } = useParams();
  const tabs = useClientTabs();
  const clientId = parseEntityId(id);
  if (clientId === null) return <Navigate to="/partner/clients/active-list" replace />;
  return (
    <TabbedSection
      title={PAGE_TITLE.clientCard(String(clientId))}
      basePath={`/partner/clients/${clientId}`}
      tabs={tabs.map((key) => ({ key, label: TAB_LABEL.clientCard[key] }))}
    />
  );
}

/** A tab that is hidden for this user sends them to the info tab. */
export function ClientTabGuard({ tab, children }: { tab: ClientTab; children: React.ReactNode }) {
  const tabs = useClientTabs();
  const info = usePartnerInfo();
  if (tab === 'loyalty' && info.isPending) return null;
  if (!tabs.includes(tab)) return <Navigate to="../info" relative="path" replace />;
  return children;
}
