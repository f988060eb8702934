import { useState } from 'react';
import { Checkbox, Divider, Form, Input, Typography, type FormInstance } from 'antd';
import { EXCHANGE_1C_LIMITS, EXCHANGE_1C_SETTINGS_MSG, type Exchange1cSettingsAnswer } from '@b2b/contracts/exchange-1c';
import { ORDER_STATUSES } from '@b2b/contracts/limits';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useSaveExchange1c } from '@/features/settings/api/exchange-1c-api';
import { Exchange1cPriceMap } from '@/features/settings/components/exchange-1c-price-map';
import { SettingsFormCard } from '@/features/settings/components/settings-form-card';
import { exchangeErrorPath, exchangePayload, exchangeValues, type ExchangeValues } from '@/features/settings/exchange-1c-form-values';
import { EXCHANGE_1C_TEXT as T } from '@/features/settings/exchange-1c-text';
import { useFormValuesFrom } from '@/features/settings/settings-hooks';
import { notifySuccess } from '@/shared/ui/notify';

/** The save: errors of a sent mapping row land on its row of the form, the others under their fields or above the button. */
function useExchangeSave(form: FormInstance<ExchangeValues>, stored: Exchange1cSettingsAnswer) {
  const saver = useSaveExchange1c();
  const [other, setOther] = useState<string[]>([]);
  const onFinish = async () => {
    const { body, rowOf } = exchangePayload(form.getFieldsValue(true) as ExchangeValues, stored);
    setOther([]);
    try {
      const answer = await saver.mutateAsync(body);
      form.setFieldValue('password', '');
      notifySuccess(answer.MESSAGE ?? EXCHANGE_1C_SETTINGS_MSG.saved);
    } catch (error) {
      const errors = isApiError(error) ? Object.entries(error.errors) : [];
      if (!errors.length) return setOther([errorText(error)]);
      const fields: { name: (string | number)[]; errors: string[] }[] = [];
      const rest: string[] = [];
      for (const [key, text] of errors) {
        const name = exchangeErrorPath(key, rowOf);
        if (name) fields.push({ name, errors: [text] });
        else rest.push(text);
      }
      (form as FormInstance).setFields(fields);
      setOther(rest);
    }
  };
  return { onFinish: () => void onFinish(), other, saving: saver.isPending };
}

/** The exchange account, the address to paste into 1C, the statuses sent and the price-type mapping: one save. */
export function Exchange1cAccountCard({ data }: { data: Exchange1cSettingsAnswer }) {
  const [form] = Form.useForm<ExchangeValues>();
  useFormValuesFrom(form, exchangeValues(data));
  const save = useExchangeSave(form, data);
  return (
    <SettingsFormCard title={T.accountCard} testId="exchange-form" form={form} disabled={false} {...save}>
      <Form.Item label={T.url} extra={T.urlHint}>
        <Typography.Text copyable={{ text: data.URL }} code style={{ wordBreak: 'break-all' }} data-testid="exchange-url">
          {data.URL}
        </Typography.Text>
      </Form.Item>
      <Form.Item name="login" label={T.login}>
        <Input maxLength={EXCHANGE_1C_LIMITS.loginMax} autoComplete="off" data-testid="exchange-login" />
      </Form.Item>
      <Form.Item name="password" label={T.password} extra={data.HAS_PASSWORD === 'Y' ? T.passwordKept : T.passwordNew}>
        <Input.Password maxLength={EXCHANGE_1C_LIMITS.passwordMax} autoComplete="new-password" data-testid="exchange-password" />
      </Form.Item>
      <Form.Item name="statuses" label={T.statuses}>
        <Checkbox.Group options={ORDER_STATUSES.map((s) => ({ value: s, label: data.ORDER_STATUSES[s] }))} data-testid="exchange-statuses" />
      </Form.Item>
      <Divider titlePlacement="start">{T.priceMap}</Divider>
      <Typography.Paragraph type="secondary">{T.priceMapHint}</Typography.Paragraph>
      <Exchange1cPriceMap lists={data.PRICE_LISTS} />
    </SettingsFormCard>
  );
}
