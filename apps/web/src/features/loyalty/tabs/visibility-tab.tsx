import { Form, Select, Typography } from 'antd';
import { LOYALTY_VISIBILITY, LOYALTY_VISIBILITY_LABEL, type LoyaltyVisibility } from '@b2b/contracts/loyalty';
import { useLoyaltyVisibility, useSaveVisibility } from '@/features/loyalty/api/loyalty-api';
import { PartForm } from '@/features/loyalty/components/part-form';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useSession } from '@/shared/auth/session-context';

const T = LOYALTY_UI.visibility;

interface VisibilityValues {
  visability: LoyaltyVisibility;
  groups: { GROUP_ID: number; NAME: string; VISABILITY: LoyaltyVisibility }[];
}

const OPTIONS = LOYALTY_VISIBILITY.map((value) => ({ value, label: LOYALTY_VISIBILITY_LABEL[value] }));

const toValues = (data: { VISABILITY: LoyaltyVisibility; ITEMS: VisibilityValues['groups'] }): VisibilityValues => ({
  visability: data.VISABILITY,
  groups: data.ITEMS.map((g) => ({ GROUP_ID: g.GROUP_ID, NAME: g.NAME, VISABILITY: g.VISABILITY })),
});

/** Видимость (§3): to whom the shop shows the programme, by default and for each client group (ALL, AUTH, ENABLED). */
export function VisibilityTab() {
  const editable = !!useSession().rights?.editLoyaltySettings;
  const query = useLoyaltyVisibility();
  const save = useSaveVisibility();
  return (
    <PartForm
      query={query}
      toValues={toValues}
      fields={['visability', 'groups']}
      editable={editable}
      save={(values: VisibilityValues) =>
        save.mutateAsync({
          visability: values.visability,
          groups: (values.groups ?? []).map((g) => ({ GROUP_ID: String(g.GROUP_ID), VISABILITY: g.VISABILITY })),
        })
      }
      saving={save.isPending}
      testId="loyalty-visibility"
    >
      <Form.Item name="visability" label={T.byDefault} style={{ maxWidth: 360 }}>
        <Select options={OPTIONS} data-testid="visibility-default" />
      </Form.Item>
      <Form.List name="groups">
        {(fields) => (
          <div data-testid="visibility-groups" style={{ maxWidth: 640, marginBottom: 16 }}>
            {fields.length === 0 && <Typography.Paragraph type="secondary">{T.emptyGroups}</Typography.Paragraph>}
            {fields.map((row, index) => (
              <Form.Item
                key={row.key}
                name={[row.name, 'VISABILITY']}
                label={<span data-testid={`visibility-group-${index}-name`}>{query.data?.ITEMS[index]?.NAME}</span>}
                style={{ marginBottom: 12 }}
              >
                <Select options={OPTIONS} data-testid={`visibility-group-${index}`} style={{ maxWidth: 360 }} />
              </Form.Item>
            ))}
          </div>
        )}
      </Form.List>
    </PartForm>
  );
}
