import { Button, Card, Form, Typography, type FormInstance } from 'antd';
import { SHOP_MSG, type ShopSaveType } from '@b2b/contracts/shop';
import { saveShopPart, useSaveShopSettings, type ShopPartFields } from '@/features/settings/api/shop-settings-api';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { FormAlerts, useFormSave } from '@/features/settings/components/form-errors';
import { useFormValuesFrom } from '@/features/settings/settings-hooks';

interface Saver<V> {
  mutateAsync: (values: V) => Promise<{ MESSAGE?: string }>;
  isPending: boolean;
}

/**
 * A settings form: its values go through `toPayload` to the mutation; SUCCESS "N" errors appear under the
 * fields named in `fieldNames` (after `aliases`), the others above the button.
 */
export function useSettingsForm<F extends object, P>(
  saver: Saver<P>,
  toPayload: (values: F) => P,
  fieldNames: readonly string[],
  aliases: Record<string, string> = {},
) {
  const [form] = Form.useForm<F>();
  const { other, run } = useFormSave(form, fieldNames, aliases);
  const onFinish = (values: F) => run(() => saver.mutateAsync(toPayload(values)), SHOP_MSG.saved);
  return { form, onFinish, other, saving: saver.isPending };
}

/** A form filled from loaded values; its fields (for the errors) are the keys of those values. */
export function useLoadedForm<F extends object, P>(saver: Saver<P>, values: F, toPayload: (values: F) => P, aliases: Record<string, string> = {}) {
  const card = useSettingsForm<F, P>(saver, toPayload, Object.keys(values), aliases);
  useFormValuesFrom(card.form, values);
  return card;
}

/** A form of one part of POST /partner/shop/ (`type`). */
export function useShopPartForm<F extends object>(
  type: ShopSaveType,
  values: F,
  toPayload: (values: F) => ShopPartFields,
  aliases: Record<string, string> = {},
) {
  const saver = useSaveShopSettings((fields: ShopPartFields) => saveShopPart(type, fields));
  return useLoadedForm(saver, values, toPayload, aliases);
}

interface CardProps<F> {
  title: string;
  testId: string;
  form: FormInstance<F>;
  onFinish: (values: F) => void;
  other: string[];
  saving: boolean;
  disabled: boolean;
  children: React.ReactNode;
}

export function SettingsFormCard<F>({ title, testId, form, onFinish, other, saving, disabled, children }: CardProps<F>) {
  return (
    <Card title={title} size="small" style={{ marginBottom: 16 }} data-testid={testId}>
      {disabled && (
        <Typography.Paragraph type="secondary" data-testid={`${testId}-readonly`}>
          {T.readOnly}
        </Typography.Paragraph>
      )}
      <Form form={form} name={testId} layout="vertical" disabled={disabled} onFinish={onFinish} style={{ maxWidth: 720 }}>
        {children}
        <FormAlerts messages={other} testId={`${testId}-errors`} />
        <Button type="primary" htmlType="submit" loading={saving} disabled={disabled} data-testid={`${testId}-save`}>
          {T.save}
        </Button>
      </Form>
    </Card>
  );
}
