import { useSession } from '@/shared/auth/session-context';
import { TabbedSection, type SectionTab } from '@/shared/ui/tabbed-section';

/** The settings tabs a right opens: «Обмен с 1С» for ADMIN and the owner only. */
const TAB_RIGHT: Record<string, 'manageExchange1c'> = { 'exchange-1c': 'manageExchange1c' };

/** Настройки магазина: the tabs of TabbedSection less those the user has not the right to. */
export function SettingsSection({ title, basePath, tabs }: { title: string; basePath: string; tabs: SectionTab[] }) {
  const { rights } = useSession();
  const shown = tabs.filter((tab) => !TAB_RIGHT[tab.key] || rights?.[TAB_RIGHT[tab.key]]);
  return <TabbedSection title={title} basePath={basePath} tabs={shown} />;
}
