import { useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DeliveryZone } from '@b2b/contracts/delivery-wire';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { notifyError, notifySuccess } from '@/shared/ui/notify';
import { cleanAmount } from '@/shared/inputs/amount';
import { useDeleteDeliveryZone, useDeliveryZones, useSaveDeliveryZone } from '@/features/settings/api/delivery-api';
import { FormAlerts, useFormSave } from '@/features/settings/components/form-errors';
import { MoneyField } from '@/features/settings/components/money-input';
import { actionsColumn, RowActions } from '@/features/settings/components/row-actions';
import { errorText } from '@/api/error-text';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

interface ZoneValues {
  name: string;
  price: string;
  sort: number | null;
}

function ZoneModal({ zone, onClose }: { zone: DeliveryZone | undefined; onClose: () => void }) {
  const [form] = Form.useForm<ZoneValues>();
  const save = useSaveDeliveryZone();
  const { other, run } = useFormSave(form, ['name', 'price', 'sort']);
  const submit = (v: ZoneValues) =>
    run(async () => {
      const answer = await save.mutateAsync({ id: zone?.ID, fields: { name: v.name?.trim() ?? '', price: cleanAmount(v.price ?? ''), sort: v.sort == null ? '' : String(v.sort) } });
      onClose();
      return answer;
    }, SHOP_MSG.saved);
  return (
    <Modal open title={T.zones} onCancel={onClose} onOk={() => form.submit()} okText={T.save} cancelText={T.cancel} confirmLoading={save.isPending} destroyOnHidden>
      <Form form={form} name="zone" layout="vertical" onFinish={submit}
        initialValues={{ name: zone?.NAME ?? '', price: zone?.PRICE ?? '', sort: zone?.SORT ?? 500 }}>
        <Form.Item name="name" label={T.zoneName}><Input maxLength={255} /></Form.Item>
        <MoneyField name="price" label={T.zonePrice} />
        <Form.Item name="sort" label={T.sort}><InputNumber min={0} max={100000} precision={0} /></Form.Item>
        <FormAlerts messages={other} />
      </Form>
    </Modal>
  );
}

/** Delivery zones with their price and sort. */
export function DeliveryZonesCard({ disabled }: { disabled: boolean }) {
  const { data, isPending } = useDeliveryZones();
  const remove = useDeleteDeliveryZone();
  const [editing, setEditing] = useState<DeliveryZone | 'new' | null>(null);
  const onDelete = (id: number) => remove.mutate(id, { onSuccess: (a) => notifySuccess(a.MESSAGE ?? SHOP_MSG.saved), onError: (e) => notifyError(errorText(e)) });
  return (
    <Card title={T.zones} size="small" style={{ marginBottom: 16 }} data-testid="delivery-zones"
      extra={<Button icon={<PlusOutlined />} disabled={disabled} onClick={() => setEditing('new')}>{T.addZone}</Button>}>
      <Table<DeliveryZone>
        rowKey="ID"
        size="small"
        loading={isPending}
        pagination={false}
        dataSource={data?.ITEMS ?? []}
        columns={[
          { title: T.zoneName, dataIndex: 'NAME' },
          { title: T.zonePrice, dataIndex: 'PRICE' },
          { title: T.sort, dataIndex: 'SORT', width: 110 },
          actionsColumn<DeliveryZone>((z) => <RowActions disabled={disabled} onEdit={() => setEditing(z)} onDelete={() => onDelete(z.ID)} />),
        ]}
      />
      {editing && <ZoneModal zone={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
