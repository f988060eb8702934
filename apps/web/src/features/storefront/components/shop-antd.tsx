import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { useShop } from '@/features/storefront/shop-context';
import { NotifyBridge } from '@/shared/ui/notify-bridge';

dayjs.locale('ru');

/** antd for the shop's pages past the first one: Russian, in the shop's colours, with its toasts. */
export function ShopAntd({ children }: { children: React.ReactNode }) {
  const { colors } = useShop();
  return (
    <ConfigProvider locale={ruRU} theme={{ token: { colorPrimary: colors.primary, colorLink: colors.primary } }}>
      <AntApp>
        <NotifyBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}
