import { useState } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';
import dayjs from 'dayjs';
import 'dayjs/locale/ru';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/shared/query/query-client';
import { notifyError } from '@/shared/ui/notify';
import { NotifyBridge } from '@/shared/ui/notify-bridge';

dayjs.locale('ru');

export function AppProviders({ children }: { children: React.ReactNode }) {
  const [queryClient] = useState(() => createQueryClient(notifyError));
  return (
    <ConfigProvider locale={ruRU}>
      <AntApp>
        <NotifyBridge />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
