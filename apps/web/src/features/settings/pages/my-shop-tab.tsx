import { Col, Form, Input, Row } from 'antd';
import { DEFAULTS } from '@b2b/contracts/limits';
import type { ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { AboutEditor } from '@/features/settings/components/about-editor';
import { ChoiceField, FlagField } from '@/features/settings/components/choice-fields';
import { LogoCard } from '@/features/settings/components/logo-card';
import { PhonesField } from '@/features/settings/components/phones-field';
import { SettingsFormCard, useShopPartForm } from '@/features/settings/components/settings-form-card';
import { ShopFilesCard } from '@/features/settings/components/shop-files-card';
import { ShopSettingsTab } from '@/features/settings/components/shop-settings-tab';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { shopPartPayload, shopPartValues } from '@/features/settings/shop-form-values';

function ShopForm({ data, disabled }: { data: ShopSettingsAnswer; disabled: boolean }) {
  const card = useShopPartForm('shop', shopPartValues(data.SHOP), shopPartPayload);
  return (
    <SettingsFormCard title={T.shopCard} testId="shop-form" disabled={disabled} {...card}>
      <Form.Item name="name" label={T.name}>
        <Input maxLength={100} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} sm={12}>
          <ChoiceField name="color_scheme" label={T.colorScheme} choices={data.ENTITIES.COLOR_SCHEME} width={720} />
        </Col>
        <Col xs={24} sm={12}>
          <Form.Item name="color_logo" label={T.colorLogo}>
            <Input placeholder="#1a7f37" maxLength={7} allowClear />
          </Form.Item>
        </Col>
      </Row>
      <FlagField name="header_no_name" label={T.headerNoName} checkbox />
      <Form.Item name="about_company" label={T.about}>
        <AboutEditor readOnly={disabled} />
      </Form.Item>
      <Form.Item name="address" label={T.address}>
        <Input maxLength={255} />
      </Form.Item>
      <PhonesField name="phones" testId="shop-phones" />
      <Form.Item name="opening_hours" label={T.openingHours}>
        <Input maxLength={255} placeholder={DEFAULTS.workHoursText} />
      </Form.Item>
    </SettingsFormCard>
  );
}

/** /partner/settings/my-shop: name, logo, colour scheme, about text, address, phones, opening hours, files. */
export function MyShopTab() {
  return (
    <ShopSettingsTab>
      {(data, { editStore }) => (
        <>
          <ShopForm data={data} disabled={!editStore} />
          <LogoCard logo={data.SHOP.LOGO} disabled={!editStore} />
          <ShopFilesCard files={data.SHOP.FILES} disabled={!editStore} />
        </>
      )}
    </ShopSettingsTab>
  );
}
