import { useEffect } from 'react';
import { App as AntApp } from 'antd';
import { registerMessageInstance } from '@/shared/ui/notify';

/** Inside antd's App: hands its themed message instance to notify.ts for toasts shown outside components. */
export function NotifyBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    registerMessageInstance(message);
    return () => registerMessageInstance(null);
  }, [message]);
  return null;
}
