import { lazyPage } from '@/shared/ui/lazy-page';

/** TabbedSection for route trees: its tabs (antd Tabs) load with the section, not with the login page. */
export const LazyTabbedSection = lazyPage(() => import('@/shared/ui/tabbed-section').then((m) => m.TabbedSection));
