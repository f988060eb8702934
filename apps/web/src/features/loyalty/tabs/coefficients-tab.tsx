import { useMemo } from 'react';
import { Input, Select } from 'antd';
import { LOYALTY_MSG, type LoyaltyCoefficient } from '@b2b/contracts/loyalty';
import { useLoyaltyCoefficients, useSaveCoefficients } from '@/features/loyalty/api/loyalty-api';
import { PartForm } from '@/features/loyalty/components/part-form';
import { type RowColumn, RowsEditor } from '@/features/loyalty/components/rows-editor';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useSession } from '@/shared/auth/session-context';

const T = LOYALTY_UI.coefficients;

interface CoefficientsValues {
  coefficients: { tm?: number; multiplier: string }[];
}

const toValues = (data: { ITEMS: LoyaltyCoefficient[] }): CoefficientsValues => ({
  coefficients: data.ITEMS.map((c) => ({ tm: c.tm, multiplier: c.multiplier })),
});

/** Коэффициенты (§3): a brand (ENTITIES.TM) and its multiplier in percent; saved as a whole list. */
export function CoefficientsTab() {
  const editable = !!useSession().rights?.editLoyaltySettings;
  const query = useLoyaltyCoefficients();
  const save = useSaveCoefficients();
  const brands = query.data?.ENTITIES.TM;

  const columns = useMemo<RowColumn[]>(() => {
    const options = (brands ?? []).map((tm) => ({ value: tm.ID, label: tm.NAME }));
    return [
      {
        field: 'tm',
        title: T.brand,
        width: 320,
        rules: [{ required: true, message: LOYALTY_MSG.brandUnknown }],
        input: (testId) => <Select showSearch={{ optionFilterProp: 'label' }} options={options} placeholder={T.chooseBrand} data-testid={testId} />,
      },
      { field: 'multiplier', title: T.multiplier, width: 160, numeric: true, input: (testId) => <Input inputMode="decimal" data-testid={testId} /> },
    ];
  }, [brands]);

  return (
    <PartForm
      query={query}
      toValues={toValues}
      fields={['coefficients']}
      editable={editable}
      save={(values: CoefficientsValues) =>
        save.mutateAsync(
          (values.coefficients ?? []).map((row) => ({ tm: row.tm === undefined ? '' : String(row.tm), multiplier: row.multiplier ?? '' })),
        )
      }
      saving={save.isPending}
      testId="loyalty-coefficients"
    >
      <RowsEditor
        list="coefficients"
        columns={columns}
        addLabel={T.add}
        emptyText={T.empty}
        newRow={() => ({ multiplier: '100' })}
        editable={editable}
        testId="coefficients"
      />
    </PartForm>
  );
}
