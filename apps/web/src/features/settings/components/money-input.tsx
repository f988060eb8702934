import { Form, Input } from 'antd';
import { cleanMoneyInput } from '@/shared/inputs/money';

/** A sum field: digits and one decimal point, at most 4 decimals (§5). */
export function MoneyField({ name, label, disabled, extra }: { name: string; label: string; disabled?: boolean; extra?: React.ReactNode }) {
  return (
    <Form.Item name={name} label={label} extra={extra} normalize={(v: string) => cleanMoneyInput(v ?? '')}>
      <Input inputMode="decimal" disabled={disabled} style={{ maxWidth: 240 }} />
    </Form.Item>
  );
}
