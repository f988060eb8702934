import { Input } from 'antd';
import { limitDomainInput, stripDomainTail } from '@b2b/contracts/shop-domain';

/** The domain field with the domain helper: what is typed is limited, the invalid tail is stripped on leaving. */
export function DomainInput({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  return (
    <Input
      value={value}
      disabled={disabled}
      placeholder="shop.example.ru"
      onChange={(e) => onChange?.(limitDomainInput(e.target.value))}
      onBlur={() => onChange?.(stripDomainTail(value ?? ''))}
    />
  );
}
