import { useMemo } from 'react';
import { DatePicker, Flex, Form, InputNumber, Select, TreeSelect } from 'antd';
import dayjs from 'dayjs';
import type { ReportParam } from '@b2b/contracts/reports';
import { MANAGER_UI as T } from '@/features/manager/manager-text';
import { useReportCatalog } from '@/features/manager/api/manager-api';
import { LIMIT_CHOICES, type ReportFilterValues } from '@/features/manager/report-request';
import { SCREEN_DAY, WIRE_DAY, isOutsideDays } from '@/shared/inputs/day-range';
import { PartnerPicker } from '@/shared/manager/partner-picker';

const LIMIT_OPTIONS = LIMIT_CHOICES.map((n) => ({ value: n, label: String(n) }));

interface SectionNode {
  value: number;
  title: string;
  children: SectionNode[];
}

/** The catalogue's sections as a tree (a section's parent comes with the list). */
function sectionTree(sections: readonly { ID: number; NAME: string; PARENT_ID: number | null }[]): SectionNode[] {
  const nodes = new Map(sections.map((x) => [x.ID, { value: x.ID, title: x.NAME, children: [] as SectionNode[] }]));
  const roots: SectionNode[] = [];
  for (const x of sections) {
    const parent = x.PARENT_ID === null ? undefined : nodes.get(x.PARENT_ID);
    (parent ? parent.children : roots).push(nodes.get(x.ID)!);
  }
  return roots;
}

/** A product's id typed by hand (a catalogue of 20,000 products is not a list to choose from). */
function IdField({ label, testId, value, onChange }: { label: string; testId: string; value?: number; onChange: (id?: number) => void }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <InputNumber<number>
        data-testid={testId}
        min={1}
        precision={0}
        controls={false}
        value={value ?? null}
        onChange={(v) => onChange(v ?? undefined)}
        style={{ width: 130 }}
      />
    </Form.Item>
  );
}

/**
 * The filters a report takes (its PARAMS, back-office.md §3): the period (dd.MM.yyyy), the partner (shop_id, the
 * page's partner filter), brand, product and section ids, the top-N.
 */
export function ReportFilters({
  params,
  values,
  onChange,
  partnerId,
  onPartnerChange,
}: {
  params: readonly ReportParam[];
  values: ReportFilterValues;
  onChange: (values: ReportFilterValues) => void;
  partnerId: number | undefined;
  onPartnerChange: (id: number | null) => void;
}) {
  const takes = (param: ReportParam) => params.includes(param);
  const catalog = useReportCatalog().data;
  const brands = useMemo(() => (catalog?.BRANDS ?? []).map((b) => ({ value: b.ID, label: b.NAME })), [catalog]);
  const sections = useMemo(() => sectionTree(catalog?.SECTIONS ?? []), [catalog]);
  const set = (patch: Partial<ReportFilterValues>) => onChange({ ...values, ...patch });
  return (
    <Form layout="vertical" component={false}>
      <Flex gap={12} wrap align="end" data-testid="report-filters">
        {takes('date_from') && (
          <Form.Item label={T.period} style={{ marginBottom: 8 }}>
            <span data-testid="report-period">
              <DatePicker.RangePicker
                format={SCREEN_DAY}
                placeholder={T.periodPlaceholder}
                allowClear={false}
                value={[dayjs(values.date_from), dayjs(values.date_to)]}
                disabledDate={(day) => isOutsideDays(day, null)}
                onChange={(range) => {
                  if (range?.[0] && range[1]) set({ date_from: range[0].format(WIRE_DAY), date_to: range[1].format(WIRE_DAY) });
                }}
              />
            </span>
          </Form.Item>
        )}
        {takes('shop_id') && (
          <Form.Item label={T.partner} style={{ marginBottom: 8 }}>
            <PartnerPicker value={partnerId} onChange={onPartnerChange} testId="report-partner" />
          </Form.Item>
        )}
        {takes('tm_id') && (
          <Form.Item label={T.brand} style={{ marginBottom: 8 }}>
            <Select<number>
              data-testid="report-brand"
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={T.brandPlaceholder}
              options={brands}
              value={values.tm_id}
              onChange={(tm_id?: number) => set({ tm_id })}
              style={{ width: 220 }}
            />
          </Form.Item>
        )}
        {takes('product_id') && (
          <IdField label={T.productId} testId="report-product" value={values.product_id} onChange={(product_id) => set({ product_id })} />
        )}
        {takes('sections') && (
          <Form.Item label={T.sections} style={{ marginBottom: 8 }}>
            <TreeSelect<number[]>
              data-testid="report-sections"
              multiple
              allowClear
              treeData={sections}
              showSearch={{ treeNodeFilterProp: 'title' }}
              placeholder={T.sectionsPlaceholder}
              value={values.sections}
              onChange={(ids) => set({ sections: ids ?? [] })}
              style={{ minWidth: 260 }}
            />
          </Form.Item>
        )}
        {takes('limit') && (
          <Form.Item label={T.limit} style={{ marginBottom: 8 }}>
            <Select<number>
              data-testid="report-limit"
              options={LIMIT_OPTIONS}
              value={values.limit}
              onChange={(limit) => set({ limit })}
              style={{ width: 110 }}
            />
          </Form.Item>
        )}
      </Flex>
    </Form>
  );
}
