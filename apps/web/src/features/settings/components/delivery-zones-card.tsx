import { useState } from 'react';
import { Button, Card, Col, Form, Input, InputNumber, Modal, Row, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { DeliveryZone } from '@b2b/contracts/delivery-wire';
import { SHOP_MSG } from '@b2b/contracts/shop';
import { notifyError, notifySuccess } from '@/shared/ui/notify';
import { formatMoney } from '@/shared/formatters/format-money';
import { useDeleteDeliveryZone, useDeliveryZones, useSaveDeliveryZone } from '@/features/settings/api/delivery-api';
import { FormAlerts, useFormSave } from '@/features/settings/components/form-errors';
import { MoneyField } from '@/features/settings/components/money-input';
import { actionsColumn, RowActions } from '@/features/settings/components/row-actions';
import { ZoneOutlineMap } from '@/features/settings/components/zone-outline-map';
import { errorText } from '@/api/error-text';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import {
  addVertex,
  dropLastVertex,
  moveVertex,
  outlineError,
  outlineVertices,
  zoneFormValues,
  zonePayload,
  type ZoneFormValues,
} from '@/features/settings/zone-form-values';

/** The server's keys under the form's fields: the outline is sent as polygon. */
const FIELDS = ['name', 'price', 'free_from', 'outline', 'sort'];
const ALIASES = { polygon: 'outline' };

const outlineRule = {
  validator: (_: unknown, value: string | undefined) => {
    const error = outlineError(value);
    return error ? Promise.reject(new Error(error)) : Promise.resolve();
  },
};

const outlineText = (points: number) => (points ? T.zoneOutlinePoints(points) : T.zoneOutlineNone);

function ZoneModal({ zone, shopFreeFrom, onClose }: { zone: DeliveryZone | undefined; shopFreeFrom: string; onClose: () => void }) {
  const [form] = Form.useForm<ZoneFormValues>();
  const save = useSaveDeliveryZone();
  const { other, run } = useFormSave(form, FIELDS, ALIASES);
  const outline = (Form.useWatch('outline', form) as string | undefined) ?? zoneFormValues(zone).outline;
  const vertices = outlineVertices(outline);
  const setOutline = (text: string) => form.setFields([{ name: 'outline', value: text, errors: [] }]);
  const submit = (v: ZoneFormValues) =>
    run(async () => {
      const answer = await save.mutateAsync({ id: zone?.ID, fields: zonePayload(v) });
      onClose();
      return answer;
    }, SHOP_MSG.saved);
  return (
    <Modal
      open
      title={T.zones}
      width={760}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={T.save}
      cancelText={T.cancel}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form form={form} name="zone" layout="vertical" onFinish={submit} initialValues={zoneFormValues(zone)}>
        <Form.Item name="name" label={T.zoneName}>
          <Input maxLength={255} />
        </Form.Item>
        <Row gutter={16}>
          <Col span={10}>
            <MoneyField name="price" label={T.zonePrice} />
          </Col>
          <Col span={14}>
            <MoneyField name="free_from" label={T.zoneFreeFrom} extra={T.zoneFreeFromHint(formatMoney(shopFreeFrom))} />
          </Col>
        </Row>
        <Form.Item name="outline" label={`${T.zoneOutline}: ${outlineText(vertices.length)}`} extra={T.zoneOutlineHint} rules={[outlineRule]}>
          <Input.TextArea rows={4} placeholder={'55.7558, 37.6173\n55.80, 37.50\n55.70, 37.70'} data-testid="zone-outline" />
        </Form.Item>
        <ZoneOutlineMap
          testId="zone-outline-map"
          vertices={vertices}
          onAdd={(lat, lng) => setOutline(addVertex(form.getFieldValue('outline') ?? '', lat, lng))}
          onMove={(line, lat, lng) => setOutline(moveVertex(form.getFieldValue('outline') ?? '', line, lat, lng))}
        />
        <Space style={{ margin: '8px 0 16px' }}>
          <Button size="small" disabled={!vertices.length} onClick={() => setOutline(dropLastVertex(form.getFieldValue('outline') ?? ''))}>
            {T.zoneOutlineUndo}
          </Button>
          <Button size="small" disabled={!outline.trim()} onClick={() => setOutline('')}>
            {T.zoneOutlineClear}
          </Button>
        </Space>
        <Form.Item name="sort" label={T.sort}>
          <InputNumber min={0} max={100000} precision={0} />
        </Form.Item>
        <FormAlerts messages={other} testId="zone-errors" />
      </Form>
    </Modal>
  );
}

/**
 * Delivery zones with their price, their own free-delivery sum (else the shop's, `shopFreeFrom`), whether they have an
 * outline, and sort.
 */
export function DeliveryZonesCard({ disabled, shopFreeFrom }: { disabled: boolean; shopFreeFrom: string }) {
  const { data, isPending } = useDeliveryZones();
  const remove = useDeleteDeliveryZone();
  const [editing, setEditing] = useState<DeliveryZone | 'new' | null>(null);
  const onDelete = (id: number) =>
    remove.mutate(id, { onSuccess: (a) => notifySuccess(a.MESSAGE ?? SHOP_MSG.saved), onError: (e) => notifyError(errorText(e)) });
  return (
    <Card
      title={T.zones}
      size="small"
      style={{ marginBottom: 16 }}
      data-testid="delivery-zones"
      extra={
        <Button icon={<PlusOutlined />} disabled={disabled} onClick={() => setEditing('new')}>
          {T.addZone}
        </Button>
      }
    >
      <Table<DeliveryZone>
        rowKey="ID"
        size="small"
        loading={isPending}
        pagination={false}
        dataSource={data?.ITEMS ?? []}
        onRow={() => ({ 'data-testid': 'zone-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { title: T.zoneName, dataIndex: 'NAME' },
          { title: T.zonePrice, dataIndex: 'PRICE', render: (v: string) => formatMoney(v) },
          {
            title: T.zoneFreeFrom,
            dataIndex: 'FREE_FROM',
            render: (v: string) => (v ? formatMoney(v) : <Typography.Text type="secondary">{T.zoneFreeFromShop}</Typography.Text>),
          },
          { title: T.zoneOutline, dataIndex: 'POLYGON', render: (p: DeliveryZone['POLYGON']) => outlineText(p?.length ?? 0) },
          { title: T.sort, dataIndex: 'SORT', width: 110 },
          actionsColumn<DeliveryZone>((z) => <RowActions disabled={disabled} onEdit={() => setEditing(z)} onDelete={() => onDelete(z.ID)} />),
        ]}
      />
      {editing && <ZoneModal zone={editing === 'new' ? undefined : editing} shopFreeFrom={shopFreeFrom} onClose={() => setEditing(null)} />}
    </Card>
  );
}
