import { useState } from 'react';
import { DatePicker, Flex, Select } from 'antd';
import { LOYALTY_OPERATION_LABEL, LOYALTY_OPERATIONS } from '@b2b/contracts/loyalty';
import { loyaltyKeys, useClientChoices } from '@/features/loyalty/api/loyalty-api';
import { BALANCE_DEFAULTS, type BalanceRequest, filterPatch } from '@/features/loyalty/loyalty-list-params';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useDebounced } from '@/shared/hooks/use-debounced';
import { SCREEN_DAY, rangeFromParams } from '@/shared/inputs/day-range';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { periodPatch } from '@/shared/list-params/list-period';
import { RefreshButton } from '@/shared/ui/refresh-button';

const T = LOYALTY_UI.balance;

const OPERATION_OPTIONS = LOYALTY_OPERATIONS.map((value) => ({ value, label: LOYALTY_OPERATION_LABEL[value] }));
const ORDER_OPTIONS = (['ASC', 'DESC'] as const).map((value) => ({ value, label: T.orderChoice[value] }));

interface Props {
  request: BalanceRequest;
  /** The chosen client's name when the list's rows know it (the choices may not hold it). */
  clientName?: string;
  onChange: (patch: ListParamsPatch) => void;
}

/**
 * The operation (§3 operation type filter), the client, the period (by default from three months back; cleared: the
 * whole ledger) and the order; each change starts at page 1.
 */
export function BalanceFilters({ request, clientName, onChange }: Props) {
  const set = (patch: ListParamsPatch) => onChange(filterPatch(BALANCE_DEFAULTS, patch));
  const [search, setSearch] = useState('');
  const choices = useClientChoices(useDebounced(search, 300));
  const options = (choices.data?.ITEMS ?? []).map((c) => ({ value: c.ID, label: c.NAME }));
  if (request.client_id && !options.some((o) => o.value === request.client_id)) {
    options.unshift({ value: request.client_id, label: clientName ?? `№ ${request.client_id}` });
  }
  const range = rangeFromParams(request.date_start, request.date_end);

  return (
    <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }} data-testid="balance-filters">
      <Select
        allowClear
        placeholder={T.anyOperation}
        value={request.operation}
        options={OPERATION_OPTIONS}
        onChange={(operation?: string) => set({ operation: operation ?? null })}
        style={{ width: 220 }}
        data-testid="balance-filter-operation"
      />
      <Select
        allowClear
        placeholder={T.anyClient}
        value={request.client_id}
        options={options}
        showSearch={{ filterOption: false, onSearch: setSearch }}
        loading={choices.isFetching}
        onChange={(clientId?: number) => set({ client_id: clientId ?? null })}
        onClear={() => setSearch('')}
        style={{ width: 260 }}
        data-testid="balance-filter-client"
      />
      <span data-testid="balance-filter-dates">
        <DatePicker.RangePicker
          format={SCREEN_DAY}
          placeholder={T.period}
          allowEmpty={[true, true]}
          value={range}
          onChange={(dates) => set(periodPatch(dates))}
        />
      </span>
      <Select
        options={ORDER_OPTIONS}
        value={request.order}
        onChange={(order) => set({ order })}
        style={{ width: 180 }}
        data-testid="balance-filter-order"
      />
      <RefreshButton queryKey={loyaltyKeys.balances()} testId="balance-refresh" />
    </Flex>
  );
}
