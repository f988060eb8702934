import { Alert, Button, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { errorText } from '@/api/error-text';
import { offerKeys, useOfferList } from '@/features/offers/api/offers-api';
import { OfferListFilters } from '@/features/offers/components/offer-list-filters';
import { OffersTable } from '@/features/offers/components/offers-table';
import { OFFER_LIST_COOKIE, OFFER_LIST_DEFAULTS, OFFER_SAVED_KEYS, offerListRequest } from '@/features/offers/offer-list-params';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { useSession } from '@/shared/auth/session-context';
import { useListParams } from '@/shared/list-params/use-list-params';
import { PARTNER_FILTER } from '@/shared/manager/partner-filter';
import { PartnerPicker } from '@/shared/manager/partner-picker';
import { PageTitle } from '@/shared/ui/page-title';
import { RefreshButton } from '@/shared/ui/refresh-button';
import { SECTION_TITLE } from '@/shared/ui-text';

/**
 * /partner/offers (shop-pricing-offers-loyalty.md §2): newest first, the active ones, 12 a page; the period, the
 * active filter and the page size are kept in the params_offers cookie and merged with the URL query.
 * The manager's variant (§6): every partner's offers or one partner's (partner_id, kept in params_manager_partner),
 * each naming its partner, read-only.
 */
export function OfferListPage({ variant = 'partner' }: { variant?: 'partner' | 'manager' }) {
  const manager = variant === 'manager';
  const { rights } = useSession();
  const navigate = useNavigate();
  const { params, setParams } = useListParams(OFFER_LIST_COOKIE, OFFER_LIST_DEFAULTS, OFFER_SAVED_KEYS, manager ? PARTNER_FILTER : undefined);
  const { partner_id: partnerId, ...own } = offerListRequest(params);
  const request = manager && partnerId ? { ...own, partner_id: partnerId } : own;
  const list = useOfferList(request, manager);
  const nav = list.data?.NAV;

  return (
    <div data-testid="offer-list">
      <PageTitle>{SECTION_TITLE.offers}</PageTitle>
      {manager && (
        <div style={{ marginBottom: 12 }}>
          <PartnerPicker value={partnerId} onChange={(id) => setParams({ partner_id: id, p: null })} />
        </div>
      )}
      <Flex gap={8} wrap align="center" justify="space-between" style={{ marginBottom: 12 }}>
        <OfferListFilters request={request} onChange={setParams} />
        <Flex gap={8}>
          <RefreshButton queryKey={offerKeys.lists()} testId="offers-refresh" />
          {!manager && rights?.editOffers && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/partner/offers/create')} data-testid="offer-create">
              {T.create}
            </Button>
          )}
        </Flex>
      </Flex>
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 12 }} data-testid="offers-error" />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="offers-found" data-cnt={nav?.CNT} style={{ marginBottom: 8 }}>
          {nav ? T.found(nav.CNT, nav.CNT_ALL) : '\u00a0'}
        </Typography.Paragraph>
      )}
      <OffersTable
        request={request}
        rows={list.data?.ITEMS ?? []}
        total={nav?.CNT ?? 0}
        loading={list.isFetching}
        onChange={setParams}
        manager={manager}
      />
    </div>
  );
}
