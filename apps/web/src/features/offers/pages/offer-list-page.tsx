import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PlusOutlined } from '@ant-design/icons';
import type { OfferItem, OfferList } from '@b2b/contracts/offers';
import { useNavigate } from 'react-router';
import { errorText } from '@/api/error-text';
import { offerKeys, useOfferList } from '@/features/offers/api/offers-api';
import { OfferListFilters } from '@/features/offers/components/offer-list-filters';
import { OffersTable } from '@/features/offers/components/offers-table';
import { forgetSwitched, type KeptOffer, placeOf, switchedOffer, switchedOffers, withKeptOffers } from '@/features/offers/kept-offers';
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

  // Rows switched on or off here, or on their form before coming back, stay in view with their new state until this
  // list is asked again (issue 39 §4): another filter, page or sort, or «Обновить».
  const queryClient = useQueryClient();
  const requestKey = JSON.stringify(request);
  const [kept, setKept] = useState<{ key: string; rows: KeptOffer[] }>(() => {
    const cached = queryClient.getQueryData<OfferList>(offerKeys.list(request, manager))?.ITEMS;
    return { key: requestKey, rows: manager ? [] : switchedOffers().map((offer) => ({ offer, index: placeOf(cached, offer.ID) })) };
  });
  useEffect(() => forgetSwitched(), []);
  if (kept.key !== requestKey) setKept({ key: requestKey, rows: [] });
  const shown = withKeptOffers(list.data?.ITEMS ?? [], kept.key === requestKey ? kept.rows : []);
  const keep = (offer: OfferItem, on: boolean, index: number) =>
    setKept((k) => ({ key: k.key, rows: [...k.rows.filter((r) => r.offer.ID !== offer.ID), { offer: switchedOffer(offer, on), index }] }));

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
          <RefreshButton queryKey={offerKeys.lists()} testId="offers-refresh" onRefresh={() => setKept({ key: requestKey, rows: [] })} />
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
        rows={shown.rows}
        total={nav?.CNT ?? 0}
        loading={list.isFetching}
        onChange={setParams}
        manager={manager}
        canSwitch={!manager && !!rights?.editOffers}
        onSwitched={keep}
        outside={shown.outside}
      />
    </div>
  );
}
