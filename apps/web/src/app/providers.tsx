import { useEffect, useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/app/query-client';
import { registerMessageInstance } from '@/shared/ui/notify';

dayjs.locale('ru');

function NotifyBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    registerMessageInstance(message);
    return () => registerMessageInstance(null);
  }, [message]);
  return null;
}

export function AppProviders({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ConfigProvider locale={ruRU}>
      <AntApp>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
