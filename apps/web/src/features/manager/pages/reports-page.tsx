import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Flex, Select, Spin, Typography } from 'antd';
import { BarChartOutlined, FileExcelOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { REPORT_MSG, type ReportCode } from '@b2b/contracts/reports';
import { errorText } from '@/api/error-text';
import { type ReportRequest, useExportReport, useReport, useReportKinds } from '@/features/manager/api/manager-api';
import { ReportChart } from '@/features/manager/components/report-chart';
import { ReportFilters } from '@/features/manager/components/report-filters';
import { ReportTable } from '@/features/manager/components/report-table';
import { MANAGER_UI as T } from '@/features/manager/manager-text';
import { REPORTS_STATE, defaultReportFilters, exportOf, reportBodyOf } from '@/features/manager/report-request';
import { SCREEN_DAY } from '@/shared/inputs/day-range';
import { useListParams } from '@/shared/list-params/use-list-params';
import { partnerIdOf } from '@/shared/manager/partner-filter';
import { PageTitle } from '@/shared/ui/page-title';
import { SECTION_TITLE } from '@/shared/ui-text';

const day = (wire: string) => dayjs(wire).format(SCREEN_DAY);
const sameRequest = (a: ReportRequest | null, b: ReportRequest) => JSON.stringify(a) === JSON.stringify(b);

/** The built report: its period, the chart and the table, or the spec's empty text. */
function ReportView({ request }: { request: ReportRequest }) {
  const report = useReport(request);
  if (report.isPending) {
    return (
      <Flex vertical align="center" gap={12} style={{ padding: 48 }} data-testid="report-loading">
        <Spin size="large" />
        <Typography.Text type="secondary">{T.building}</Typography.Text>
      </Flex>
    );
  }
  if (report.isError) return <Alert type="error" showIcon title={errorText(report.error)} data-testid="report-error" />;
  const result = report.data;
  return (
    <Spin spinning={report.isFetching} tip={T.building}>
      <div data-testid="report-result" data-code={result.REPORT.CODE} data-rows={result.ITEMS.length}>
        <Typography.Title level={4} data-testid="report-title">
          {result.REPORT.NAME} <Typography.Text type="secondary">{T.periodOf(day(result.PERIOD.FROM), day(result.PERIOD.TO))}</Typography.Text>
        </Typography.Title>
        {result.ITEMS.length === 0 ? (
          <Empty description={<span data-testid="report-empty">{REPORT_MSG.empty}</span>} />
        ) : (
          <>
            <Card size="small" title={T.chart} style={{ marginBottom: 16 }}>
              <ReportChart result={result} />
            </Card>
            <Card size="small" title={T.table}>
              <ReportTable result={result} />
            </Card>
          </>
        )}
      </div>
    </Spin>
  );
}

/**
 * /partner/reports (back-office.md §2, §7): the manager picks a report (GET /manager/report/), sets the filters it
 * takes (PARAMS) and builds it (POST /manager/report/{code}/) into a chart and a table, or exports it to Excel
 * (action=export → FILE). The report and its partner are in the URL (report, shop_id) and the page's own cookie
 * (params_reports): a partner chosen on the orders screen is not carried here (issue 38.2), and the partner the
 * report is filtered by is always in its filters, where it can be cleared.
 */
export function ReportsPage() {
  const { message } = App.useApp();
  const kinds = useReportKinds();
  const { params, setParams } = useListParams(REPORTS_STATE.cookie, {}, REPORTS_STATE.keys);
  const partnerId = partnerIdOf({ partner_id: params.shop_id });
  const kind = kinds.data?.ITEMS.find((k) => k.CODE === params.report);
  const [values, setValues] = useState(defaultReportFilters);
  const [built, setBuilt] = useState<ReportRequest | null>(null);
  // The report on screen: the last one built, while its kind stays chosen.
  const shown = built && built.code === kind?.CODE ? built : null;
  const building = useReport(shown);
  const exporting = useExportReport();

  const build = () => {
    if (!kind) return;
    const request: ReportRequest = { code: kind.CODE, body: reportBodyOf(kind.PARAMS, { ...values, shop_id: partnerId }) };
    if (sameRequest(shown, request)) void building.refetch();
    else setBuilt(request);
  };

  // The report on screen, by its REPORT_ID: exactly what the table shows.
  const onExport = () => {
    if (shown && building.data)
      exporting.mutate(exportOf(shown, building.data.REPORT_ID), { onSuccess: (text) => void message.success(text || REPORT_MSG.exported) });
  };

  return (
    <div data-testid="reports-page">
      <PageTitle>{SECTION_TITLE.reports}</PageTitle>
      {kinds.isError && <Alert type="error" showIcon title={T.kindsFailed} description={errorText(kinds.error)} style={{ marginBottom: 12 }} />}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Flex vertical gap={12}>
          <Select<ReportCode>
            data-testid="report-picker"
            aria-label={T.report}
            placeholder={T.chooseReport}
            loading={kinds.isPending}
            options={(kinds.data?.ITEMS ?? []).map((k) => ({ value: k.CODE, label: k.NAME }))}
            value={kind?.CODE}
            onChange={(code) => setParams({ report: code })}
            style={{ width: 320 }}
          />
          {kind && (
            <ReportFilters
              params={kind.PARAMS}
              values={values}
              onChange={setValues}
              partnerId={partnerId}
              onPartnerChange={(id) => setParams({ shop_id: id })}
            />
          )}
          <Flex gap={8}>
            <Button
              type="primary"
              icon={<BarChartOutlined />}
              disabled={!kind}
              loading={building.isFetching}
              onClick={build}
              data-testid="report-build"
            >
              {T.build}
            </Button>
            <Button
              icon={<FileExcelOutlined />}
              disabled={!building.data}
              loading={exporting.isPending}
              onClick={onExport}
              data-testid="report-export"
            >
              {T.export}
            </Button>
          </Flex>
        </Flex>
      </Card>
      {shown && <ReportView request={shown} />}
    </div>
  );
}
