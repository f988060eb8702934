import { Statistic, type StatisticProps } from 'antd';
import { RU_STATISTIC } from '@/shared/formatters/format-number';

/** antd's Statistic with ru-RU grouping and decimals (issue 38 §8): «2 934», never «2,934». */
export function RuStatistic(props: StatisticProps) {
  return <Statistic {...RU_STATISTIC} {...props} />;
}
