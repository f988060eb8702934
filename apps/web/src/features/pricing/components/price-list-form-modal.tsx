import { useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import { DEFAULTS } from '@b2b/contracts/limits';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import {
  PRICE_LIST_KIND,
  PRICE_LIST_MSG,
  PRICE_LIST_NAME_MAX,
  PRICE_ROUNDINGS,
  PRICE_UNITS,
  type PriceListItem,
  type PriceListSaved,
  type PriceListsAnswer,
  type PriceListType,
} from '@b2b/contracts/price-lists';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { type PriceListFormValues, useSavePriceList } from '@/features/pricing/api/price-lists-api';
import { nameRule, PriceListModal } from '@/features/pricing/components/price-list-modal';
import { PRICE_LISTS_UI, ROUNDING_LABEL, UNIT_LABEL } from '@/features/pricing/price-lists-text';
import { cleanPercentInput } from '@/shared/inputs/percent';
import { notifySuccess } from '@/shared/ui/notify';

interface Props {
  type: PriceListType;
  open: boolean;
  /** The list or column to edit; none creates one. */
  item?: PriceListItem;
  data: PriceListsAnswer;
  onClose: () => void;
  onSaved: (answer: PriceListSaved) => void;
}

const FIELDS: readonly string[] = ['name', 'section_rate', 'price_type', 'rounding', 'unit', 'parent_id'];

const valuesOf = (item: PriceListItem | undefined): PriceListFormValues => ({
  name: item?.NAME ?? '',
  section_rate: item?.SECTION_RATE ?? '',
  price_type: item?.PRICE_TYPE ?? DEFAULTS.priceType,
  rounding: item?.ROUNDING ?? 'TWO_DECIMAL',
  unit: item?.UNIT ?? 'RUB',
  parent_id: item?.PARENT_ID ?? DEFAULTS.basePriceListId,
});

/**
 * Create or edit a price list or column: name (required, tags stripped), markup, price type, rounding, unit and,
 * for a column, its price list. The server's field errors land on their fields; any other (the columns limit) above.
 */
export function PriceListFormModal({ type, open, item, data, onClose, onSaved }: Props) {
  const kind = PRICE_LIST_KIND[type];
  const [form] = Form.useForm<PriceListFormValues>();
  const save = useSavePriceList();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(valuesOf(item));
  }, [open, item, form]);

  const submit = async (values: PriceListFormValues) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync({ type, id: item?.ID, values });
      if (answer.MESSAGE) notifySuccess(answer.MESSAGE);
      onSaved(answer);
      onClose();
    } catch (error) {
      const errors = isApiError(error) ? Object.entries(error.errors) : [];
      const onFields = errors.filter(([key]) => FIELDS.includes(key));
      if (onFields.length) form.setFields(onFields.map(([name, text]) => ({ name: name as keyof PriceListFormValues, errors: [text] })));
      const others = errors.filter(([key]) => !FIELDS.includes(key)).map(([, text]) => text);
      if (others.length || !errors.length) setFailure(others.length ? others.join('\n') : errorText(error));
    }
  };

  return (
    <PriceListModal
      open={open}
      title={item ? PRICE_LISTS_UI.editTitle[kind] : PRICE_LISTS_UI.newTitle[kind]}
      okText={ACTION_LABEL.save}
      pending={save.isPending}
      testId="price-list-form"
      failure={failure}
      onOk={() => form.submit()}
      onClose={onClose}
      afterClose={() => setFailure(null)}
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="price-list-form">
        <Form.Item name="name" label={PRICE_LISTS_UI.name} rules={[nameRule(PRICE_LIST_MSG.nameRequired[kind])]}>
          <Input data-testid="price-list-form-name" maxLength={PRICE_LIST_NAME_MAX * 2} />
        </Form.Item>
        <Form.Item name="section_rate" label={PRICE_LISTS_UI.sectionRate} normalize={(v: string) => cleanPercentInput(v ?? '')}>
          <Input data-testid="price-list-form-rate" inputMode="decimal" placeholder={PRICE_LISTS_UI.noRate} />
        </Form.Item>
        {kind === 'COLUMN' && (
          <Form.Item name="parent_id" label={PRICE_LISTS_UI.parent}>
            <Select data-testid="price-list-form-parent" options={data.PRICELISTS.map((l) => ({ value: l.ID, label: l.NAME }))} />
          </Form.Item>
        )}
        <Form.Item name="price_type" label={PRICE_LISTS_UI.priceType}>
          <Select data-testid="price-list-form-price-type" options={data.ENTITIES.PRICE_TYPE.map((p) => ({ value: p.CODE, label: p.NAME }))} />
        </Form.Item>
        <Form.Item name="rounding" label={PRICE_LISTS_UI.rounding}>
          <Select data-testid="price-list-form-rounding" options={PRICE_ROUNDINGS.map((r) => ({ value: r, label: ROUNDING_LABEL[r] }))} />
        </Form.Item>
        <Form.Item name="unit" label={PRICE_LISTS_UI.unit}>
          <Select data-testid="price-list-form-unit" options={PRICE_UNITS.map((u) => ({ value: u, label: UNIT_LABEL[u] }))} />
        </Form.Item>
      </Form>
    </PriceListModal>
  );
}
