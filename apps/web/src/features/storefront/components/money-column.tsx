import type { TableColumnType } from 'antd';
import { formatPrice } from '@/features/storefront/money';

/** A right-aligned money column of the shop's tables (bold for sums), in the shop's currency. */
export function moneyColumn<T>(
  title: string,
  key: string,
  value: (row: T) => string,
  currency: string,
  options: { strong?: boolean; testId?: string } = {},
): TableColumnType<T> {
  return {
    title,
    key,
    align: 'right',
    render: (_, row) => {
      const Tag = options.strong ? 'strong' : 'span';
      return (
        <Tag style={{ whiteSpace: 'nowrap' }} data-testid={options.testId}>
          {formatPrice(value(row), currency)}
        </Tag>
      );
    },
  };
}
