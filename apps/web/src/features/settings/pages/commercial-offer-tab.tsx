import { Checkbox, Col, Divider, Form, Input, InputNumber, Radio, Row } from 'antd';
import { ACTUAL_DAYS_MAX, BASKET_EXPORT_OPTIONS, type CommercialOfferSettings, type OfferTextField } from '@b2b/contracts/shop-requisites';
import { useCommercialOffer, useSaveCommercialOffer } from '@/features/settings/api/commercial-offer-api';
import { ImageField } from '@/features/settings/components/image-field';
import { SettingsFormCard, useLoadedForm } from '@/features/settings/components/settings-form-card';
import { SettingsLoader } from '@/features/settings/components/settings-loader';
import { offerPayload, offerValues } from '@/features/settings/offer-form-values';
import { useSettingsRights } from '@/features/settings/settings-hooks';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

const text = (name: OfferTextField, label: string, max: number, numeric = false) => (
  <Form.Item name={name} label={label}>
    <Input maxLength={max} inputMode={numeric ? 'numeric' : undefined} />
  </Form.Item>
);

function OfferForm({ item, disabled }: { item: CommercialOfferSettings; disabled: boolean }) {
  const saver = useSaveCommercialOffer();
  const card = useLoadedForm(saver, offerValues(item), offerPayload);
  const limited = Form.useWatch('isActualDays', card.form) as boolean | undefined;
  return (
    <SettingsFormCard title="" testId="offer-form" disabled={disabled} {...card}>
      <Divider titlePlacement="start">{T.organisation}</Divider>
      {text('orgName', T.orgName, 255)}
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          {text('inn', T.inn, 12, true)}
        </Col>
        <Col xs={24} sm={8}>
          {text('ogrn', T.ogrn, 15, true)}
        </Col>
        <Col xs={24} sm={8}>
          {text('kpp', T.kpp, 9)}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={16}>
          {text('legalAddress', T.legalAddress, 500)}
        </Col>
        <Col xs={24} sm={8}>
          {text('postcode', T.postcode, 6, true)}
        </Col>
      </Row>
      <Divider titlePlacement="start">{T.paymentDetails}</Divider>
      {text('bank', T.bank, 255)}
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          {text('checkingAccount', T.checkingAccount, 24, true)}
        </Col>
        <Col xs={24} sm={12}>
          {text('bik', T.bik, 9, true)}
        </Col>
      </Row>
      {text('corAccount', T.corAccount, 24, true)}
      <Divider titlePlacement="start">{T.contacts}</Divider>
      <Row gutter={16}>
        <Col xs={24} sm={8}>
          {text('phone', T.phone, 40)}
        </Col>
        <Col xs={24} sm={8}>
          {text('email', T.email, 254)}
        </Col>
        <Col xs={24} sm={8}>
          {text('url', T.url, 255)}
        </Col>
      </Row>
      <Divider titlePlacement="start">{T.basketExport}</Divider>
      {Object.entries(BASKET_EXPORT_OPTIONS).map(([key, label]) => (
        <Form.Item key={key} name={['basketExport', key]} valuePropName="checked" style={{ marginBottom: 4 }}>
          <Checkbox>{label}</Checkbox>
        </Form.Item>
      ))}
      <Divider titlePlacement="start">{T.validity}</Divider>
      <Form.Item name="isActualDays" valuePropName="checked">
        <Checkbox>{T.isActualDays}</Checkbox>
      </Form.Item>
      <Form.Item name="actualDays" label={T.actualDays}>
        <InputNumber min={1} max={ACTUAL_DAYS_MAX} precision={0} disabled={!limited} />
      </Form.Item>
      <Divider titlePlacement="start">{T.vat}</Divider>
      <Form.Item name="vat">
        <Radio.Group
          options={[
            { value: 'WITH_VAT', label: T.vatWith },
            { value: 'WO_VAT', label: T.vatWithout },
          ]}
        />
      </Form.Item>
      <Divider titlePlacement="start">{T.sealAndLogo}</Divider>
      <Form.Item name="logo" label={T.offerLogo}>
        <ImageField stored={item.logo} size={{ height: 24 }} testId="offer-logo" disabled={disabled} />
      </Form.Item>
      <Form.Item name="stamp" label={T.stamp}>
        <ImageField stored={item.stamp} size={{ width: 150, height: 93 }} testId="offer-stamp" disabled={disabled} />
      </Form.Item>
    </SettingsFormCard>
  );
}

/** /partner/settings/my-settings-commercialoffer: requisites, basket export, validity, VAT, seal and logo. */
export function CommercialOfferTab() {
  const query = useCommercialOffer();
  const { editStore } = useSettingsRights();
  return <SettingsLoader query={query}>{(data) => <OfferForm item={data.ITEM} disabled={!editStore} />}</SettingsLoader>;
}
