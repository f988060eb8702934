import { DatePicker, Flex, Segmented, Select, Typography } from 'antd';
import { OFFER_SORTS } from '@b2b/contracts/offers';
import { type OfferActiveFilter, type OfferListRequest, offerFilterPatch } from '@/features/offers/offer-list-params';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { SCREEN_DAY, rangeFromParams } from '@/shared/inputs/day-range';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { periodPatch } from '@/shared/list-params/list-period';

const ACTIVE_OPTIONS = (Object.keys(T.activeChoice) as OfferActiveFilter[]).map((value) => ({ value, label: T.activeChoice[value] }));
const SORT_OPTIONS = OFFER_SORTS.map((value) => ({ value, label: T.sortChoice[value] }));
const ORDER_OPTIONS = (['DESC', 'ASC'] as const).map((value) => ({ value, label: T.orderChoice[value] }));

/**
 * Active (Активные/Неактивные/Все), the period the offers overlap (by default from three months back; cleared: every
 * offer), the sort. Every change starts at page 1.
 */
export function OfferListFilters({ request, onChange }: { request: OfferListRequest; onChange: (patch: ListParamsPatch) => void }) {
  const set = (patch: ListParamsPatch) => onChange(offerFilterPatch(patch));
  const range = rangeFromParams(request.date_start, request.date_end);
  return (
    <Flex gap={8} wrap align="center" data-testid="offers-filters">
      <Segmented<OfferActiveFilter>
        data-testid="offers-filter-active"
        aria-label={T.filters.active}
        options={ACTIVE_OPTIONS}
        value={request.active}
        onChange={(active) => set({ active })}
      />
      <span data-testid="offers-filter-dates">
        <DatePicker.RangePicker
          format={SCREEN_DAY}
          placeholder={T.filters.dates}
          allowEmpty={[true, true]}
          value={range}
          onChange={(dates) => set(periodPatch(dates))}
        />
      </span>
      <Typography.Text type="secondary">{T.filters.sort}</Typography.Text>
      <Select
        data-testid="offers-filter-sort"
        options={SORT_OPTIONS}
        value={request.sort}
        onChange={(sort) => set({ sort })}
        style={{ width: 200 }}
      />
      <Select
        data-testid="offers-filter-order"
        options={ORDER_OPTIONS}
        value={request.order}
        onChange={(order) => set({ order })}
        style={{ width: 160 }}
      />
    </Flex>
  );
}
