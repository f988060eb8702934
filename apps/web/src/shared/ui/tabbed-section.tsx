import { Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { PageTitle } from '@/shared/ui/page-title';

export interface SectionTab {
  /** The path segment under basePath. */
  key: string;
  label: string;
}

/** A section whose tabs are child routes (/partner/clients/active-list, …): title, tabs, then the tab's route. */
export function TabbedSection({ title, basePath, tabs }: { title: string; basePath: string; tabs: SectionTab[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const active = location.pathname.slice(basePath.length + 1).split('/')[0];
  return (
    <div>
      {title && <PageTitle>{title}</PageTitle>}
      <Tabs
        activeKey={active}
        onChange={(key) => navigate(`${basePath}/${key}`)}
        items={tabs.map((tab) => ({ key: tab.key, label: <span data-testid={`tab-${tab.key}`}>{tab.label}</span> }))}
      />
      <Outlet />
    </div>
  );
}
