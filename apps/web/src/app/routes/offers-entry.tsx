import { OfferListPage } from '@/features/offers/pages/offer-list-page';
import { useSession } from '@/shared/auth/session-context';

/** /partner/offers: the partner's offers, or the manager's read-only list across partners (shop §6). */
export function OffersEntry() {
  return <OfferListPage variant={useSession().kind === 'manager' ? 'manager' : 'partner'} />;
}
