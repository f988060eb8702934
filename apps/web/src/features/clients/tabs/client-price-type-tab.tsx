import { useEffect } from 'react';
import { Alert, Button, Descriptions, Form, Select, Skeleton } from 'antd';
import { useSearchParams } from 'react-router';
import { ACTION_LABEL, MSG } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { useClientCard, useSetPriceSettings } from '@/features/clients/api/clients-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useClientId } from '@/features/clients/pages/client-card-page';
import { notifySuccess } from '@/shared/ui/notify';

interface PriceForm {
  price_type: number;
  column_id: number;
}

/** Тип цен: the client's price list (price type) and price column; the tab's URL carries ?id of the price type. */
export function ClientPriceTypeTab() {
  const clientId = useClientId()!;
  const card = useClientCard(clientId);
  const save = useSetPriceSettings(clientId);
  const [search, setSearch] = useSearchParams();
  const [form] = Form.useForm<PriceForm>();
  const listId = card.data?.PRICE_TYPE?.ID;
  const columnId = card.data?.COLUMN?.ID ?? 0;

  useEffect(() => {
    if (listId === undefined) return;
    form.setFieldsValue({ price_type: listId, column_id: columnId });
    if (search.get('id') !== String(listId)) setSearch({ id: String(listId) }, { replace: true });
  }, [listId, columnId, form, search, setSearch]);

  if (card.error) return <Alert type="error" showIcon title={errorText(card.error)} />;
  if (!card.data) return <Skeleton active />;
  const choices = card.data.PRICE_SETTINGS;

  const submit = async (values: PriceForm) => {
    const answer = await save.mutateAsync(values);
    notifySuccess(answer.MESSAGE ?? MSG.clientPriceSettingsSet);
  };

  return (
    <div data-testid="client-price-type" style={{ maxWidth: 560 }}>
      <Descriptions size="small" column={1} style={{ marginBottom: 16 }} title={CLIENTS_UI.currentPrices}>
        <Descriptions.Item label={CLIENTS_UI.priceType}>
          <span data-testid="client-price-type-current">{card.data.PRICE_TYPE?.NAME}</span>
        </Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.priceColumn}>
          <span data-testid="client-price-column-current">{card.data.COLUMN?.NAME ?? CLIENTS_UI.noColumn}</span>
        </Descriptions.Item>
      </Descriptions>
      <Form form={form} layout="vertical" onFinish={submit} data-testid="price-type-form">
        <Form.Item name="price_type" label={CLIENTS_UI.priceType}>
          <Select data-testid="price-type-select" options={(choices?.PRICE_TYPES ?? []).map((p) => ({ value: p.ID, label: p.NAME }))} />
        </Form.Item>
        <Form.Item name="column_id" label={CLIENTS_UI.priceColumn}>
          <Select
            data-testid="price-column-select"
            options={[{ value: 0, label: CLIENTS_UI.noColumn }, ...(choices?.COLUMNS ?? []).map((p) => ({ value: p.ID, label: p.NAME }))]}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="price-type-save">
          {ACTION_LABEL.save}
        </Button>
      </Form>
    </div>
  );
}
