import { Button, DatePicker, Flex, Select, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { clientKeys } from '@/features/clients/api/client-keys';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { SCREEN_DAY, isOutsideDays, paramsFromRange, rangeFromParams } from '@/shared/inputs/day-range';
import { ListSearch } from '@/shared/ui/list-search';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { RefreshButton } from '@/shared/ui/refresh-button';

interface Props {
  testId: string;
  params: ListParams;
  setParams: (patch: ListParamsPatch) => void;
  pageSizes: readonly number[];
  periodLabel: string;
  /** The earliest day that can be chosen (Unix seconds), from the partner info. */
  minDate?: number | null;
  onExport?: () => void;
  exporting?: boolean;
  /** A search box (the list's `query`) with this placeholder. */
  searchPlaceholder?: string;
  children?: React.ReactNode;
}

/**
 * Search, date range (dd.MM.yyyy, bounded by the minimum date and today), page size, refresh, export, and the
 * screen's actions.
 */
export function ListToolbar({ testId, params, setParams, pageSizes, periodLabel, minDate, onExport, exporting, searchPlaceholder, children }: Props) {
  return (
    <Flex gap={12} wrap align="center" justify="space-between" style={{ marginBottom: 16 }}>
      <Space wrap>
        {searchPlaceholder && (
          <ListSearch
            testId={`${testId}-search`}
            query={params.query}
            placeholder={searchPlaceholder}
            onSearch={(query) => setParams({ query, offset: null })}
          />
        )}
        <Typography.Text type="secondary">{periodLabel}</Typography.Text>
        <span data-testid={`${testId}-dates`}>
          <DatePicker.RangePicker
            format={SCREEN_DAY}
            allowEmpty={[true, true]}
            value={rangeFromParams(params.date_start, params.date_end)}
            disabledDate={(d) => isOutsideDays(d, minDate)}
            onChange={(range) => setParams({ ...paramsFromRange(range), offset: null })}
          />
        </span>
        <Typography.Text type="secondary">{CLIENTS_UI.pageSize}</Typography.Text>
        <Select
          data-testid={`${testId}-page-size`}
          style={{ width: 80 }}
          value={params.limit}
          options={pageSizes.map((n) => ({ value: String(n), label: String(n) }))}
          onChange={(limit) => setParams({ limit, offset: null })}
        />
      </Space>
      <Space wrap>
        {children}
        <RefreshButton queryKey={clientKeys.all} testId={`${testId}-refresh`} />
        {onExport && (
          <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport} data-testid={`${testId}-export`}>
            {CLIENTS_UI.export}
          </Button>
        )}
      </Space>
    </Flex>
  );
}
