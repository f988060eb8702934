import { Input, Space } from 'antd';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import { tidyTime, type Coordinates, type Hours } from '@/features/settings/tradepoint-form-values';

/** Working hours from–to, each tidied to HH:MM when the field is left. */
export function HoursInput({
  value,
  onChange,
  testId,
  disabled,
}: {
  value?: Hours;
  onChange?: (v: Hours) => void;
  testId: string;
  disabled?: boolean;
}) {
  const hours = value ?? { from: '', to: '' };
  const set = (patch: Partial<Hours>) => onChange?.({ ...hours, ...patch });
  return (
    <Space data-testid={testId}>
      <span>{T.from}</span>
      <Input
        value={hours.from}
        disabled={disabled}
        style={{ width: 90 }}
        aria-label={`${testId}-from`}
        placeholder="09:00"
        onChange={(e) => set({ from: e.target.value })}
        onBlur={() => set({ from: tidyTime(hours.from) })}
      />
      <span>{T.to}</span>
      <Input
        value={hours.to}
        disabled={disabled}
        style={{ width: 90 }}
        aria-label={`${testId}-to`}
        placeholder="18:00"
        onChange={(e) => set({ to: e.target.value })}
        onBlur={() => set({ to: tidyTime(hours.to) })}
      />
    </Space>
  );
}

/** Latitude and longitude as typed (a comma is read as the decimal point). */
export function CoordinatesInput({ value, onChange, disabled }: { value?: Coordinates; onChange?: (v: Coordinates) => void; disabled?: boolean }) {
  const c = value ?? { latitude: '', longitude: '' };
  const clean = (v: string) => v.replace(',', '.').replace(/[^\d.-]/g, '');
  return (
    <Space wrap>
      <Input
        prefix={`${T.latitude}:`}
        value={c.latitude}
        disabled={disabled}
        style={{ width: 220 }}
        data-testid="tradepoint-latitude"
        onChange={(e) => onChange?.({ ...c, latitude: clean(e.target.value) })}
      />
      <Input
        prefix={`${T.longitude}:`}
        value={c.longitude}
        disabled={disabled}
        style={{ width: 220 }}
        data-testid="tradepoint-longitude"
        onChange={(e) => onChange?.({ ...c, longitude: clean(e.target.value) })}
      />
    </Space>
  );
}
