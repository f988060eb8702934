import { useState } from 'react';
import { Button, DatePicker, Flex, Input, InputNumber, Select } from 'antd';
import { useClientOptions } from '@/features/orders/api/client-options-api';
import { type OrderListRequest, filterPatch } from '@/features/orders/order-list-params';
import { ORDER_STATUS_OPTIONS } from '@/features/orders/order-status';
import { ORDER_UI } from '@/features/orders/order-text';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { useDebounced } from '@/shared/hooks/use-debounced';
import { SCREEN_DAY, isOutsideDays, paramsFromRange, rangeFromParams } from '@/shared/inputs/day-range';

/** A client id typed by hand, for when the short client list does not answer. */
function ClientIdFilter({ value, onCommit }: { value?: number; onCommit: (id: number | null) => void }) {
  const [draft, setDraft] = useState<number | null>(value ?? null);
  const commit = () => {
    if ((draft ?? undefined) !== value) onCommit(draft);
  };
  return (
    <InputNumber<number>
      data-testid="orders-filter-client"
      placeholder={ORDER_UI.filters.clientId}
      min={1}
      precision={0}
      controls={false}
      value={draft}
      onChange={(v) => setDraft(v ?? null)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 140 }}
    />
  );
}

/** A client picked from the short client list, searched on the server; a client id when that list is absent. */
function ClientFilter({ value, knownName, onChange }: { value?: number; knownName?: string; onChange: (id: number | null) => void }) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const clients = useClientOptions(query);
  if (clients.isError && !clients.data) return <ClientIdFilter key={value ?? ''} value={value} onCommit={onChange} />;
  const options = clients.data ?? [];
  const withCurrent = value && !options.some((o) => o.value === value) ? [{ value, label: knownName || `№ ${value}` }, ...options] : options;
  return (
    <Select<number>
      data-testid="orders-filter-client"
      placeholder={ORDER_UI.filters.client}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={clients.isFetching}
      options={withCurrent}
      value={value}
      onChange={(id) => {
        setSearch('');
        onChange(id ?? null);
      }}
      style={{ width: 240 }}
    />
  );
}

/**
 * Status, client, dates and search of the order list. Every change starts again at the first page. The manager's
 * list has no client filter (clients are a partner's) and puts its partner picker first (`leading`).
 */
export function OrderListFilters({
  request,
  minDate,
  clientName,
  onChange,
  withClient = true,
  leading,
}: {
  request: OrderListRequest;
  minDate: number | null | undefined;
  /** The filtered client's name as the list shows it, for when the picker has not loaded it. */
  clientName?: string;
  onChange: (patch: ListParamsPatch) => void;
  withClient?: boolean;
  leading?: React.ReactNode;
}) {
  const set = (patch: ListParamsPatch) => onChange(filterPatch(patch));
  const range = rangeFromParams(request.date_start, request.date_end);
  const hasFilters = !!(request.status || request.client_id || request.date_start || request.date_end || request.query || request.shop_id);
  return (
    <Flex gap={8} wrap align="center" data-testid="orders-filters">
      {leading}
      <Select
        data-testid="orders-filter-status"
        placeholder={ORDER_UI.filters.status}
        allowClear
        options={ORDER_STATUS_OPTIONS}
        value={request.status}
        onChange={(status) => set({ status: status ?? null })}
        style={{ width: 170 }}
      />
      {withClient && <ClientFilter value={request.client_id} knownName={clientName} onChange={(id) => set({ client_id: id })} />}
      <span data-testid="orders-filter-dates">
        <DatePicker.RangePicker
          format={SCREEN_DAY}
          placeholder={ORDER_UI.filters.dates}
          allowEmpty={[true, true]}
          value={range}
          disabledDate={(day) => isOutsideDays(day, minDate)}
          onChange={(dates) => set(paramsFromRange(dates))}
        />
      </span>
      <Input.Search
        key={request.query ?? ''}
        data-testid="orders-filter-query"
        placeholder={ORDER_UI.filters.query}
        allowClear
        defaultValue={request.query}
        onSearch={(query) => set({ query: query.trim() || null })}
        style={{ width: 300 }}
      />
      {hasFilters && (
        <Button
          data-testid="orders-filter-reset"
          onClick={() => set({ status: null, client_id: null, date_start: null, date_end: null, query: null, shop_id: null })}
        >
          {ORDER_UI.filters.reset}
        </Button>
      )}
    </Flex>
  );
}
