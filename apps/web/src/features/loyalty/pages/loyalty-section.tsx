import { Alert, Button, Flex, Skeleton, Tabs, Tooltip } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { errorText } from '@/api/error-text';
import { useLoyaltyShop } from '@/features/loyalty/api/loyalty-api';
import { ProgramSwitch } from '@/features/loyalty/components/program-switch';
import { loyaltyTabs, usableLoyaltyTab } from '@/features/loyalty/loyalty-tabs';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useSession } from '@/shared/auth/session-context';
import { PageTitle } from '@/shared/ui/page-title';
import { SECTION_TITLE, UI } from '@/shared/ui-text';

const BASE = '/partner/loyalty';

/**
 * /partner/loyalty (shop-pricing-offers-loyalty.md §2, §4): the tab set chosen by the installed flag and the user's
 * rights, the on/off switch of an installed programme, then the tab's route.
 */
export function LoyaltySection() {
  const { rights } = useSession();
  const shop = useLoyaltyShop();
  const navigate = useNavigate();
  const active = useLocation()
    .pathname.slice(BASE.length + 1)
    .split('/')[0];

  if (shop.isError) {
    return (
      <div>
        <PageTitle>{SECTION_TITLE.loyalty}</PageTitle>
        <Alert
          type="error"
          showIcon
          title={errorText(shop.error)}
          action={<Button onClick={() => void shop.refetch()}>{UI.retry}</Button>}
          data-testid="loyalty-load-error"
        />
      </div>
    );
  }
  if (!shop.data) {
    return (
      <div>
        <PageTitle>{SECTION_TITLE.loyalty}</PageTitle>
        <Skeleton active />
      </div>
    );
  }

  const installed = shop.data.INSTALLED === 'Y';
  const tabs = loyaltyTabs(installed, rights);
  return (
    <div data-testid="loyalty-section" data-installed={shop.data.INSTALLED}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle>{SECTION_TITLE.loyalty}</PageTitle>
        {installed && <ProgramSwitch on={shop.data.STATUS === 'Y'} canSwitch={!!rights?.editLoyaltySettings} />}
      </Flex>
      <Tabs
        activeKey={active}
        onChange={(key) => void navigate(`${BASE}/${key}`)}
        items={tabs.map((tab) => ({
          key: tab.key,
          disabled: tab.disabled,
          label: tab.disabled ? (
            // Why it cannot be opened yet, on hover (the settings tab says it too).
            <Tooltip title={LOYALTY_UI.tabNotInstalled}>
              <span data-testid={`tab-${tab.key}`}>{tab.label}</span>
            </Tooltip>
          ) : (
            <span data-testid={`tab-${tab.key}`}>{tab.label}</span>
          ),
        }))}
      />
      <Outlet />
    </div>
  );
}

/** A tab this user may not use now (hidden, or before installation) leads to the first usable one. */
export function LoyaltyTabGuard({ tab, children }: { tab: string; children: React.ReactNode }) {
  const { rights } = useSession();
  const shop = useLoyaltyShop();
  if (!shop.data) return null;
  const usable = usableLoyaltyTab(tab, shop.data.INSTALLED === 'Y', rights);
  if (usable !== tab) return <Navigate to={`${BASE}/${usable}`} replace />;
  return children;
}
