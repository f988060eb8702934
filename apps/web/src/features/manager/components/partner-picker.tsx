import { useState } from 'react';
import { Select, Typography } from 'antd';
import { useManagerPartners } from '@/api/queries/info-queries';
import { ROUTING_UI } from '@/features/manager/order-routing-text';
import { useDebounced } from '@/shared/hooks/use-debounced';

interface Option {
  value: number;
  label: string;
  link: string | null;
}

/**
 * The partner to route an order to (issue 39 §1): the platform's partners (GET /v3/api/manager/partner/?query=…),
 * searched on the server as the user types, each with its shop link; the order's own partner is left out.
 */
export function RoutingPartnerPicker({
  value,
  onChange,
  excludeId,
  disabled,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  /** The order's own partner: not a choice. */
  excludeId: number;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const partners = useManagerPartners(query);
  // The chosen partner stays named when a later search no longer finds it.
  const [chosen, setChosen] = useState<Option | null>(null);
  const found: Option[] = (partners.data?.ITEMS ?? [])
    .filter((p) => p.ID !== excludeId)
    .map((p) => ({ value: p.ID, label: p.NAME, link: p.SHOP_LINK }));
  const options = chosen && chosen.value === value && !found.some((o) => o.value === value) ? [chosen, ...found] : found;
  return (
    <Select<number>
      data-testid="routing-partner-picker"
      aria-label={ROUTING_UI.partner}
      placeholder={ROUTING_UI.placeholder}
      showSearch={{ filterOption: false, onSearch: setSearch }}
      notFoundContent={partners.isFetching ? undefined : ROUTING_UI.notFound}
      loading={partners.isFetching}
      options={options}
      optionRender={(option) => (
        <span>
          {option.data.label} <Typography.Text type="secondary">{option.data.link ?? ROUTING_UI.noShop}</Typography.Text>
        </span>
      )}
      value={value}
      disabled={disabled}
      onChange={(id) => {
        setChosen(options.find((o) => o.value === id) ?? null);
        onChange(id ?? undefined);
      }}
      style={{ width: '100%' }}
    />
  );
}
