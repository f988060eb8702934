import { useEffect } from 'react';
import { Checkbox, Form, Input, Typography } from 'antd';
import { LIMITS } from '@b2b/contracts/limits';
import type { ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { ChoiceField, FlagField } from '@/features/settings/components/choice-fields';
import { DomainInput } from '@/features/settings/components/domain-input';
import { EmailListField } from '@/features/settings/components/email-list-field';
import { InstructionsCard } from '@/features/settings/components/instructions-card';
import { PriceSettingsForm, RemainsForm } from '@/features/settings/components/remains-price-forms';
import { SettingsFormCard, useShopPartForm } from '@/features/settings/components/settings-form-card';
import { ShopSettingsTab } from '@/features/settings/components/shop-settings-tab';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { settingsPayload, settingsValues } from '@/features/settings/shop-form-values';
import { useSession } from '@/shared/auth/session-context';

const ALIASES = { wrong_link: 'shop_link', wrong_domain: 'domain_name' };

function LinksForm({ data, disabled }: { data: ShopSettingsAnswer; disabled: boolean }) {
  const card = useShopPartForm('settings', settingsValues(data.SHOP), settingsPayload, ALIASES);
  // A saved time zone reaches every screen through the session (the partner shell shows dates in it).
  const { user, reload } = useSession();
  const zone = data.SHOP.TIME_ZONE;
  useEffect(() => {
    if (user && user.TIME_ZONE !== zone) void reload();
  }, [user, zone, reload]);
  return (
    <SettingsFormCard title={T.linksCard} testId="settings-form" disabled={disabled} {...card}>
      <Form.Item name="shop_link" label={T.shopLink}>
        <Input maxLength={63} />
      </Form.Item>
      <Form.Item name="domain_name" label={T.domainName}>
        <DomainInput />
      </Form.Item>
      <Form.Item name="google_id" label={T.googleId}>
        <Input maxLength={50} placeholder="G-XXXXXXXXXX" style={{ maxWidth: 280 }} />
      </Form.Item>
      <div data-testid="time-zone">
        <ChoiceField name="time_zone" label={T.timeZone} choices={data.ENTITIES.TIME_ZONE} width={360} />
        <Typography.Paragraph type="secondary" style={{ marginTop: -16 }}>
          {T.timeZoneHint}
        </Typography.Paragraph>
      </div>
      <Typography.Title level={5}>{T.mailCard}</Typography.Title>
      <EmailListField name="shop_email" label={T.shopEmails} testId="shop-email" />
      <EmailListField name="notify_email" label={T.notifyEmails} max={LIMITS.notifyEmailsMax} testId="notify-email" />
      <Form.Item name="notify_checkbox" valuePropName="checked">
        <Checkbox data-testid="notify-checkbox">{T.notifyCheckbox}</Checkbox>
      </Form.Item>
      <Typography.Title level={5}>{T.registrationCard}</Typography.Title>
      <FlagField name="registration" label={T.registration} />
      <FlagField name="allow_physical" label={T.allowPhysical} />
      <Form.Item name="search_title" label={T.searchTitle}>
        <Input maxLength={255} />
      </Form.Item>
      <Form.Item name="search_description" label={T.searchDescription}>
        <Input.TextArea rows={2} maxLength={2000} />
      </Form.Item>
    </SettingsFormCard>
  );
}

/** /partner/settings/my-settings: the instructions; links, domain, mail, registration and search; remains; price settings. */
export function MySettingsTab() {
  return (
    <ShopSettingsTab>
      {(data, { editStore, editPrice }) => (
        <>
          <InstructionsCard items={data.SHOP.INSTRUCTIONS} />
          <LinksForm data={data} disabled={!editStore} />
          <RemainsForm data={data} disabled={!editPrice} />
          <PriceSettingsForm data={data} disabled={!editPrice} />
        </>
      )}
    </ShopSettingsTab>
  );
}
