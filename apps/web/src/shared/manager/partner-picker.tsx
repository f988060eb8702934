import { useState } from 'react';
import { Select } from 'antd';
import { useManagerPartners } from '@/api/queries/info-queries';
import { useDebounced } from '@/shared/hooks/use-debounced';
import { UI } from '@/shared/ui-text';

/**
 * The manager's partner (GET /v3/api/manager/partner/?query=…): searched on the server as the user types; empty is
 * «Все партнеры». The whole list (one call, cached) names the chosen partner whatever the search shows.
 */
export function PartnerPicker({
  value,
  onChange,
  testId = 'partner-picker',
}: {
  value: number | undefined;
  onChange: (id: number | null) => void;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const query = useDebounced(search.trim(), 300);
  const all = useManagerPartners('');
  const found = useManagerPartners(query, query !== '');
  const shown = query ? found : all;
  const options = (shown.data?.ITEMS ?? []).map((p) => ({ value: p.ID, label: p.NAME }));
  const chosen = value ? all.data?.ITEMS.find((p) => p.ID === value) : undefined;
  const withChosen = value && !options.some((o) => o.value === value) ? [{ value, label: chosen?.NAME ?? `№ ${value}` }, ...options] : options;
  return (
    <Select<number>
      data-testid={testId}
      placeholder={UI.allPartners}
      aria-label={UI.partner}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={shown.isFetching}
      options={withChosen}
      value={value}
      onChange={(id) => {
        setSearch('');
        onChange(id ?? null);
      }}
      style={{ width: 260 }}
    />
  );
}
