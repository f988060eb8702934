import { Button, Checkbox, Form, Input, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { formatPhone } from '@/shared/inputs/phone';

/**
 * Phones with a comment and the main flag (PHONE, COMMENT, MAIN), as a form list under `name`; a tradepoint's are
 * shorter than the shop's (`limits`, §5).
 */
export function PhonesField({ name, testId, limits }: { name: string; testId: string; limits?: { phone: number; comment: number } }) {
  return (
    <Form.Item label={T.phones}>
      <Form.List name={name}>
        {(fields, { add, remove }) => (
          <div data-testid={testId}>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap style={{ display: 'flex', marginBottom: 4 }}>
                <Form.Item name={[field.name, 'PHONE']} noStyle normalize={(v: string) => formatPhone(v ?? '')}>
                  <Input placeholder={T.phone} style={{ width: 190 }} aria-label={T.phone} maxLength={limits?.phone} />
                </Form.Item>
                <Form.Item name={[field.name, 'COMMENT']} noStyle>
                  <Input placeholder={T.comment} style={{ width: 200 }} maxLength={limits?.comment ?? 100} aria-label={T.comment} />
                </Form.Item>
                <Form.Item name={[field.name, 'MAIN']} valuePropName="checked" noStyle>
                  <Checkbox>{T.mainPhone}</Checkbox>
                </Form.Item>
                <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(field.name)} aria-label={T.delete} />
              </Space>
            ))}
            <Button icon={<PlusOutlined />} onClick={() => add({ PHONE: '', COMMENT: '', MAIN: fields.length === 0 })}>
              {T.addPhone}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
