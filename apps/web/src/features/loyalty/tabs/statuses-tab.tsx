import { Input } from 'antd';
import { LOYALTY_MSG, type LoyaltyStatus } from '@b2b/contracts/loyalty';
import { type StatusRowBody, useLoyaltyStatuses, useSaveStatuses } from '@/features/loyalty/api/loyalty-api';
import { PartForm } from '@/features/loyalty/components/part-form';
import { type RowColumn, RowsEditor } from '@/features/loyalty/components/rows-editor';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useSession } from '@/shared/auth/session-context';

const T = LOYALTY_UI.statuses;

interface StatusesValues {
  statuses: StatusRowBody[];
}

const toValues = (data: { ITEMS: LoyaltyStatus[] }): StatusesValues => ({
  statuses: data.ITEMS.map((s) => ({ ID: String(s.ID), TITLE: s.TITLE, MULTIPLIER: s.MULTIPLIER, THRESHOLD: s.THRESHOLD })),
});

const COLUMNS: RowColumn[] = [
  {
    field: 'TITLE',
    title: T.title,
    width: 260,
    rules: [{ required: true, whitespace: true, message: LOYALTY_MSG.statusTitleRequired }],
    input: (testId) => <Input data-testid={testId} />,
  },
  { field: 'MULTIPLIER', title: T.multiplier, width: 140, numeric: true, input: (testId) => <Input inputMode="decimal" data-testid={testId} /> },
  { field: 'THRESHOLD', title: T.threshold, width: 200, numeric: true, input: (testId) => <Input inputMode="decimal" data-testid={testId} /> },
];

/** Статусы (§3): TITLE, MULTIPLIER (percent of the points) and THRESHOLD (the turnover that reaches it); saved as a whole list. */
export function StatusesTab() {
  const editable = !!useSession().rights?.editLoyaltySettings;
  const query = useLoyaltyStatuses();
  const save = useSaveStatuses();
  return (
    <PartForm
      query={query}
      toValues={toValues}
      fields={['statuses']}
      editable={editable}
      save={(values: StatusesValues) =>
        save.mutateAsync(
          (values.statuses ?? []).map((row) => ({
            ID: row.ID || undefined,
            TITLE: row.TITLE ?? '',
            MULTIPLIER: row.MULTIPLIER ?? '',
            THRESHOLD: row.THRESHOLD ?? '',
          })),
        )
      }
      saving={save.isPending}
      testId="loyalty-statuses"
    >
      <RowsEditor
        list="statuses"
        columns={COLUMNS}
        addLabel={T.add}
        emptyText={T.empty}
        newRow={() => ({ TITLE: '', MULTIPLIER: '100', THRESHOLD: '0' })}
        editable={editable}
        testId="statuses"
      />
    </PartForm>
  );
}
