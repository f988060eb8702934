import { Checkbox, Form, Radio, Select, Switch } from 'antd';
import type { Choice } from '@b2b/contracts/shop-wire';

const options = (list: Choice[]) => list.map((c) => ({ value: c.ID, label: c.NAME }));

/** A choice among the ENTITIES of the settings answer: a select, radio buttons or checkboxes (several). */
export function ChoiceField({
  name,
  label,
  choices,
  as = 'select',
  width = 280,
  allowClear,
}: {
  name: string;
  label: string;
  choices: Choice[];
  as?: 'select' | 'radio' | 'checkboxes';
  width?: number;
  allowClear?: boolean;
}) {
  return (
    <Form.Item name={name} label={label}>
      {as === 'radio' ? (
        <Radio.Group options={options(choices)} />
      ) : as === 'checkboxes' ? (
        <Checkbox.Group options={options(choices)} />
      ) : (
        <Select options={options(choices)} style={{ maxWidth: width }} allowClear={allowClear} />
      )}
    </Form.Item>
  );
}

/** A Y/N flag as a switch (or a checkbox with its text). */
export function FlagField({ name, label, checkbox }: { name: string; label: string; checkbox?: boolean }) {
  return checkbox ? (
    <Form.Item name={name} valuePropName="checked">
      <Checkbox>{label}</Checkbox>
    </Form.Item>
  ) : (
    <Form.Item name={name} label={label} valuePropName="checked">
      <Switch />
    </Form.Item>
  );
}
