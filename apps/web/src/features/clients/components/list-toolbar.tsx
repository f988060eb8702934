import { Button, DatePicker, Flex, Select, Space, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { clientKeys } from '@/features/clients/api/client-keys';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { ListSearch } from '@/shared/ui/list-search';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { RefreshButton } from '@/shared/ui/refresh-button';

const DAY = 'YYYY-MM-DD';

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
  const value: [Dayjs | null, Dayjs | null] = [
    params.date_start ? dayjs(params.date_start, DAY) : null,
    params.date_end ? dayjs(params.date_end, DAY) : null,
  ];
  const min = minDate ? dayjs(minDate * 1000).startOf('day') : null;
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
            format="DD.MM.YYYY"
            allowEmpty={[true, true]}
            value={value}
            disabledDate={(d) => (min !== null && d.isBefore(min)) || d.isAfter(dayjs().endOf('day'))}
            onChange={(range) => setParams({ date_start: range?.[0]?.format(DAY) ?? null, date_end: range?.[1]?.format(DAY) ?? null, offset: null })}
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
