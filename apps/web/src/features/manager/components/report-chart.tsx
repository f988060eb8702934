import { Bar, BarChart, CartesianGrid, Legend, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { ReportResult } from '@b2b/contracts/reports';
import { axisOf, chartColumn, chartPoints, formatReportCell } from '@/features/manager/report-format';

/** antd's preset colours, one a slice. */
const COLORS = ['#1677ff', '#52c41a', '#faad14', '#eb2f96', '#13c2c2', '#722ed1', '#fa541c', '#2f54eb', '#a0d911', '#f5222d'];

/** A long product or client name cut for an axis tick (the tooltip shows it whole). */
const tick = (name: string) => (name.length > 24 ? `${name.slice(0, 23)}…` : name);

/** The report's chart (recharts): bars for CHART.KIND bar, a pie for pie; CHART.X names, CHART.Y values. */
export function ReportChart({ result }: { result: ReportResult }) {
  const points = chartPoints(result);
  const column = chartColumn(result);
  const type = column?.TYPE ?? 'count';
  const format = (value: unknown) => formatReportCell(Number(value), type);
  const axis = axisOf(type);
  return (
    <div data-testid="report-chart" data-kind={result.CHART.KIND} style={{ width: '100%', height: 420 }}>
      <ResponsiveContainer width="100%" height="100%">
        {result.CHART.KIND === 'pie' ? (
          <PieChart>
            <Pie
              data={points.map((p, i) => ({ ...p, fill: COLORS[i % COLORS.length] }))}
              dataKey="value"
              nameKey="name"
              outerRadius="70%"
              isAnimationActive={false}
            />
            <Tooltip formatter={(value) => [format(value), column?.TITLE]} />
            <Legend formatter={(name: string) => tick(name)} />
          </PieChart>
        ) : (
          <BarChart data={points} margin={{ top: 8, right: 16, left: 48, bottom: 8 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="name"
              tickFormatter={tick}
              interval={points.length > 20 ? 'preserveStartEnd' : 0}
              angle={-30}
              textAnchor="end"
              height={110}
            />
            <YAxis allowDecimals={axis.allowDecimals} tickFormatter={axis.tick} width={90} />
            <Tooltip formatter={(value) => [format(value), column?.TITLE]} />
            <Bar dataKey="value" name={column?.TITLE} fill={COLORS[0]} isAnimationActive={false} />
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
