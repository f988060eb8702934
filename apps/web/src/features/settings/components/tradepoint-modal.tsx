import { useState } from 'react';
import { Button, Checkbox, Col, DatePicker, Form, Input, Modal, Row, Space, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SHOP_MSG, WORK_DAYS } from '@b2b/contracts/shop';
import { TRADEPOINT_LENGTHS as L, type Tradepoint } from '@b2b/contracts/tradepoint-wire';
import { findAddress, useGeocoderStatus, useSaveTradepoint } from '@/features/settings/api/tradepoints-api';
import { FormAlerts, useFormSave } from '@/features/settings/components/form-errors';
import { CoordinatesInput, HoursInput } from '@/features/settings/components/pair-inputs';
import { PhonesField } from '@/features/settings/components/phones-field';
import { PointsMap } from '@/features/settings/components/points-map';
import { errorFor } from '@/features/settings/server-errors';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { tradepointFormValues, tradepointPayload, type TradepointFormValues } from '@/features/settings/tradepoint-form-values';
import { SCREEN_DAY } from '@/shared/inputs/day-range';

const FIELDS = ['address', 'coordinates', 'ph', 'work_days', 'work_schedule', 'holiday_schedule', 'date_start', 'date_end'];
const DAY_OPTIONS = Object.entries(WORK_DAYS).map(([value, label]) => ({ value, label }));

/** The address modal: address with the geocoder when one is configured, coordinates by hand or on the map. */
export function TradepointModal({ point, onClose }: { point: Tradepoint | undefined; onClose: () => void }) {
  const [form] = Form.useForm<TradepointFormValues>();
  const save = useSaveTradepoint();
  const geocoder = useGeocoderStatus();
  const [searching, setSearching] = useState(false);
  const { other, run } = useFormSave(form, FIELDS);
  const coordinates = Form.useWatch('coordinates', form);
  const holidayWork = Form.useWatch('holiday_work', form) as boolean | undefined;
  const configured = geocoder.data?.CONFIGURED === 'Y';

  const submit = (values: TradepointFormValues) =>
    run(async () => {
      const answer = await save.mutateAsync(tradepointPayload(values, point?.ID));
      onClose();
      return answer;
    }, SHOP_MSG.saved);

  const search = async () => {
    setSearching(true);
    try {
      const found = await findAddress(form.getFieldValue('address') ?? '');
      const best = found.ITEMS[0];
      form.setFieldValue('coordinates', { latitude: best.LATITUDE, longitude: best.LONGITUDE });
    } catch (error) {
      form.setFields([{ name: 'address', errors: [errorFor(error, 'address')] }]);
    } finally {
      setSearching(false);
    }
  };

  const lat = Number(coordinates?.latitude);
  const lng = Number(coordinates?.longitude);
  const hasPoint = coordinates?.latitude !== '' && coordinates?.longitude !== '' && coordinates !== undefined;

  return (
    <Modal
      open
      title={T.tradepoint}
      width={760}
      onCancel={onClose}
      destroyOnHidden
      okText={T.save}
      cancelText={T.cancel}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
    >
      <Form form={form} name="tradepoint" layout="vertical" initialValues={tradepointFormValues(point)} onFinish={submit}>
        <Form.Item label={T.address} required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="address" noStyle>
              <Input maxLength={255} data-testid="tradepoint-address" />
            </Form.Item>
            {configured && (
              <Button icon={<SearchOutlined />} loading={searching} onClick={search}>
                {T.findOnMap}
              </Button>
            )}
          </Space.Compact>
        </Form.Item>
        {geocoder.data && !configured && (
          <Typography.Paragraph type="secondary" data-testid="geocoder-off">
            {SHOP_MSG.geocoderOff}
          </Typography.Paragraph>
        )}
        <Row gutter={8}>
          <Col span={9}>
            <Form.Item name={['address_fields', 'city']} label={T.city}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={9}>
            <Form.Item name={['address_fields', 'street']} label={T.street}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name={['address_fields', 'house']} label={L.house.label}>
              <Input maxLength={L.house.max} data-testid="tradepoint-house" />
            </Form.Item>
          </Col>
          <Col span={3}>
            <Form.Item name={['address_fields', 'building']} label={L.building.label}>
              <Input maxLength={L.building.max} data-testid="tradepoint-building" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="coordinates" label={T.coordinates} required extra={T.mapHint}>
          <CoordinatesInput />
        </Form.Item>
        <PointsMap
          testId="tradepoint-map"
          points={hasPoint ? [{ id: String(point?.ID ?? 'new'), lat, lng }] : []}
          onPick={(la, ln) => form.setFieldValue('coordinates', { latitude: la.toFixed(6), longitude: ln.toFixed(6) })}
        />
        <PhonesField name="ph" testId="tradepoint-phones" limits={{ phone: L.phone.max, comment: L.phone_comment.max }} />
        <Form.Item name="work_days" label={T.workDays}>
          <Checkbox.Group options={DAY_OPTIONS} />
        </Form.Item>
        <Form.Item name="work_schedule" label={T.workHours}>
          <HoursInput testId="work-hours" />
        </Form.Item>
        <Form.Item name="holiday_work" valuePropName="checked">
          <Checkbox>{T.holidayWork}</Checkbox>
        </Form.Item>
        {holidayWork && (
          <Form.Item name="holiday_schedule" label={T.holidayHours}>
            <HoursInput testId="holiday-hours" />
          </Form.Item>
        )}
        <Row gutter={8}>
          <Col span={12}>
            <Form.Item name="date_start" label={T.dateStart}>
              <DatePicker format={SCREEN_DAY} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="date_end" label={T.dateEnd}>
              <DatePicker format={SCREEN_DAY} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="base" valuePropName="checked">
          <Checkbox>{T.baseTradepoint}</Checkbox>
        </Form.Item>
        <FormAlerts messages={other} testId="tradepoint-errors" />
      </Form>
    </Modal>
  );
}
