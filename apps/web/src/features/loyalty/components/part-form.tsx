import { useEffect } from 'react';
import { Alert, Button, Form, Skeleton } from 'antd';
import type { UseQueryResult } from '@tanstack/react-query';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { FirstError, useLoyaltySave } from '@/features/loyalty/components/use-loyalty-save';

interface Props<D, V> {
  query: UseQueryResult<D>;
  /** The form's values from the server's answer (again after each save). */
  toValues: (data: D) => V;
  /** The form's fields a server error key may name (a list's name for its cells). */
  fields: readonly string[];
  editable: boolean;
  /** Sends the whole form; resolves the answer (SUCCESS Y), rejects a refusal. */
  save: (values: V) => Promise<{ MESSAGE?: string }>;
  saving: boolean;
  testId: string;
  children: React.ReactNode;
}

/**
 * A part of the programme read and saved whole (statuses, coefficients, visibility, scoring): the form shows the
 * server's values, a refused save puts its errors on the cells and its first message above the button.
 */
export function PartForm<D, V extends object>({ query, toValues, fields, editable, save, saving, testId, children }: Props<D, V>) {
  const [form] = Form.useForm<V>();
  const saver = useLoyaltySave(form, fields);
  const data = query.data;

  useEffect(() => {
    if (data !== undefined) {
      form.resetFields();
      form.setFieldsValue(toValues(data) as Parameters<typeof form.setFieldsValue>[0]);
    }
  }, [data, form, toValues]);

  if (query.isError) return <Alert type="error" showIcon title={errorText(query.error)} data-testid={`${testId}-load-error`} />;
  if (data === undefined) return <Skeleton active />;

  return (
    <Form<V>
      form={form}
      layout="vertical"
      disabled={!editable || saving}
      onFinish={(values) => void saver.run(() => save(values), LOYALTY_MSG.saved)}
      data-testid={testId}
    >
      {children}
      <FirstError text={saver.failure} testId={`${testId}-error`} />
      {editable && (
        <Button type="primary" htmlType="submit" loading={saving} data-testid={`${testId}-save`}>
          {ACTION_LABEL.save}
        </Button>
      )}
    </Form>
  );
}
