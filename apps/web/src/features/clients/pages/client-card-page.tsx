import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '@/api/api-error';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { useClientCard } from '@/features/clients/api/clients-api';
import { parseEntityId } from '@/features/clients/client-id';
import { CLIENT_LIST_COOKIE } from '@/features/clients/client-list-params';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useSession } from '@/shared/auth/session-context';
import { useListReturn } from '@/shared/list-params/list-return';
import { TabbedSection } from '@/shared/ui/tabbed-section';
import { PAGE_TITLE, TAB_LABEL } from '@/shared/ui-text';

type ClientTab = keyof typeof TAB_LABEL.clientCard;

const CLIENT_LIST = '/partner/clients/active-list';
/** The client lists (active and black; the section's own path opens the active one). */
const CLIENT_LISTS = '/partner/clients';

/** The tabs a user sees on a client card: price type needs its right, loyalty the programme on and its right (§6). */
export function useClientTabs(): ClientTab[] {
  const { rights } = useSession();
  const info = usePartnerInfo();
  const tabs: ClientTab[] = ['orders', 'info'];
  if (rights?.viewPriceTypeClients) tabs.push('price-type');
  tabs.push('personal-settings');
  if (info.data?.LOYALTY_ON && rights?.manageLoyaltyClients) tabs.push('loyalty');
  return tabs;
}

/** The client id of the card's path; null when it is not a valid id. */
export const useClientId = () => parseEntityId(useParams().id);

/** /partner/clients/:id; an empty, invalid or unknown id goes back to the client list. */
export function ClientCardPage() {
  const clientId = useClientId();
  if (clientId === null) return <Navigate to={CLIENT_LIST} replace />;
  return <ClientCard clientId={clientId} />;
}

function ClientCard({ clientId }: { clientId: number }) {
  const tabs = useClientTabs();
  const card = useClientCard(clientId);
  // Back to the client list as the user left it (its tab, search, filters and page), else the list.
  const backToList = useListReturn(CLIENT_LIST_COOKIE, CLIENT_LISTS);
  if (isApiError(card.error) && card.error.status === 404) return <Navigate to={CLIENT_LIST} replace />;
  return (
    <>
      <Link to={backToList} data-testid="client-back">
        <ArrowLeftOutlined /> {CLIENTS_UI.toClients}
      </Link>
      <TabbedSection
        title={card.data?.NAME ?? PAGE_TITLE.clientCard(String(clientId))}
        basePath={`/partner/clients/${clientId}`}
        tabs={tabs.map((key) => ({ key, label: TAB_LABEL.clientCard[key] }))}
      />
    </>
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
