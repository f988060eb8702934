import { Button, Form, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

/**
 * A list of e-mails under `name`, each in its own slot; errors arrive per slot (notify_email_2 → slot 2) and
 * for the whole list (notify_email).
 */
export function EmailListField({ name, label, max, testId }: { name: string; label: string; max?: number; testId: string }) {
  return (
    <Form.List name={name}>
      {(fields, { add, remove }, { errors }) => (
        <Form.Item label={label} data-testid={testId}>
          {fields.map((field, index) => (
            <Space key={field.key} align="start" style={{ display: 'flex' }}>
              <Form.Item name={field.name} style={{ marginBottom: 8 }}>
                <Input
                  inputMode="email"
                  maxLength={254}
                  style={{ width: 320 }}
                  aria-label={`${label} ${index + 1}`}
                  data-testid={`${testId}-${index}`}
                />
              </Form.Item>
              {fields.length > 1 && <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={T.delete} />}
            </Space>
          ))}
          {(max === undefined || fields.length < max) && (
            <Button icon={<PlusOutlined />} onClick={() => add('')} data-testid={`${testId}-add`}>
              {T.addEmail}
            </Button>
          )}
          <Form.ErrorList errors={errors} />
        </Form.Item>
      )}
    </Form.List>
  );
}
