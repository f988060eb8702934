import { Checkbox, Form, Input } from 'antd';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

/**
 * A text with its default-text toggle (about delivery, about payment): with the toggle on the shop shows the
 * default text, and the own text is kept for when it is switched off.
 */
export function DefaultTextField({ name, toggle, label, defaultText }: { name: string; toggle: string; label: string; defaultText: string }) {
  const form = Form.useFormInstance();
  const useDefault = Form.useWatch(toggle, form) as boolean | undefined;
  return (
    <>
      <Form.Item name={name} label={label}>
        <Input.TextArea rows={3} maxLength={2000} disabled={useDefault} placeholder={defaultText} />
      </Form.Item>
      <Form.Item name={toggle} valuePropName="checked" extra={useDefault ? defaultText : undefined}>
        <Checkbox>{T.useDefaultText}</Checkbox>
      </Form.Item>
    </>
  );
}
