import { DatePicker, Flex, Segmented, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { OFFER_SORTS } from '@b2b/contracts/offers';
import { OFFER_DAY } from '@/features/offers/offer-form-values';
import { type OfferActiveFilter, type OfferListRequest, offerFilterPatch } from '@/features/offers/offer-list-params';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { periodPatch } from '@/shared/list-params/list-period';

const WIRE_DAY = 'YYYY-MM-DD';
const ACTIVE_OPTIONS = (Object.keys(T.activeChoice) as OfferActiveFilter[]).map((value) => ({ value, label: T.activeChoice[value] }));
const SORT_OPTIONS = OFFER_SORTS.map((value) => ({ value, label: T.sortChoice[value] }));
const ORDER_OPTIONS = (['DESC', 'ASC'] as const).map((value) => ({ value, label: T.orderChoice[value] }));

/**
 * Active (Активные/Неактивные/Все), the period the offers overlap (by default from three months back; cleared: every
 * offer), the sort. Every change starts at page 1.
 */
export function OfferListFilters({ request, onChange }: { request: OfferListRequest; onChange: (patch: ListParamsPatch) => void }) {
  const set = (patch: ListParamsPatch) => onChange(offerFilterPatch(patch));
  const range =
    request.date_start || request.date_end
      ? ([request.date_start ? dayjs(request.date_start) : null, request.date_end ? dayjs(request.date_end) : null] as const)
      : null;
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
          format={OFFER_DAY}
          placeholder={T.filters.dates}
          allowEmpty={[true, true]}
          value={range ? [range[0], range[1]] : null}
          onChange={(dates) => set(periodPatch(dates?.[0]?.format(WIRE_DAY), dates?.[1]?.format(WIRE_DAY)))}
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
