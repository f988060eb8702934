import type { ShopSettingsAnswer } from '@b2b/contracts/shop-wire';
import { useShopSettings } from '@/features/settings/api/shop-settings-api';
import { SettingsLoader } from '@/features/settings/components/settings-loader';
import { useSettingsRights } from '@/features/settings/settings-hooks';

type Rights = ReturnType<typeof useSettingsRights>;

/** A tab of the shop settings: GET /partner/shop/ loaded, with what the user may change. */
export function ShopSettingsTab({ children }: { children: (data: ShopSettingsAnswer, rights: Rights) => React.ReactNode }) {
  const query = useShopSettings();
  const rights = useSettingsRights();
  return <SettingsLoader query={query}>{(data) => children(data, rights)}</SettingsLoader>;
}
