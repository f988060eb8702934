import { Input, Typography } from 'antd';
import { LOYALTY_MSG, type LoyaltyScoringRule } from '@b2b/contracts/loyalty';
import { type ScoringRowBody, useLoyaltyScoring, useSaveScoring } from '@/features/loyalty/api/loyalty-api';
import { PartForm } from '@/features/loyalty/components/part-form';
import { type RowColumn, RowsEditor } from '@/features/loyalty/components/rows-editor';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useSession } from '@/shared/auth/session-context';

const T = LOYALTY_UI.scoring;

interface ScoringValues {
  rules: ScoringRowBody[];
}

/** A blank bound is sent empty: no limit on that side. */
const toBody = (row: { [K in keyof ScoringRowBody]?: string | null }): ScoringRowBody => ({
  markup_from: row.markup_from ?? '',
  markup_to: row.markup_to ?? '',
  markup_pct_from: row.markup_pct_from ?? '',
  markup_pct_to: row.markup_pct_to ?? '',
  points_pct: row.points_pct ?? '',
});

const toValues = (data: { ITEMS: LoyaltyScoringRule[] }): ScoringValues => ({ rules: data.ITEMS.map(toBody) });

const numberCell = (field: keyof ScoringRowBody, title: string, extra: Partial<RowColumn> = {}): RowColumn => ({
  field,
  title,
  width: 150,
  numeric: true,
  input: (testId) => <Input inputMode="decimal" data-testid={testId} />,
  ...extra,
});

const COLUMNS: RowColumn[] = [
  numberCell('markup_from', T.markupFrom),
  numberCell('markup_to', T.markupTo),
  numberCell('markup_pct_from', T.markupPctFrom),
  numberCell('markup_pct_to', T.markupPctTo),
  numberCell('points_pct', T.pointsPct, { width: 200, rules: [{ required: true, message: LOYALTY_MSG.pointsPctInvalid }] }),
];

/** Начисление (§3 scoring conditions): the margin ranges, in rubles and in percent, and the points percent of each. */
export function ScoringTab() {
  const editable = !!useSession().rights?.manageLoyalty;
  const query = useLoyaltyScoring();
  const save = useSaveScoring();
  return (
    <PartForm
      query={query}
      toValues={toValues}
      fields={['rules']}
      editable={editable}
      save={(values: ScoringValues) => save.mutateAsync((values.rules ?? []).map(toBody))}
      saving={save.isPending}
      testId="loyalty-scoring"
    >
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <RowsEditor
        list="rules"
        columns={COLUMNS}
        addLabel={T.add}
        emptyText={T.empty}
        newRow={() => ({ points_pct: '' })}
        editable={editable}
        testId="scoring"
      />
    </PartForm>
  );
}
