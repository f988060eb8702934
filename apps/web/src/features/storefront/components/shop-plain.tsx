import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import { ShopIcon } from '@/features/storefront/components/shop-icon';

/* The shop's first-page parts without antd (shop.css): a waiting spinner, a notice, a titled panel. */

export type Notice = { type: 'success' | 'error'; text: string };

const NOTICE_ICON = { success: CheckCircleFilled, error: CloseCircleFilled, warning: ExclamationCircleFilled } as const;

export function ShopAlert({ type, children, testId }: { type: keyof typeof NOTICE_ICON; children: React.ReactNode; testId?: string }) {
  return (
    <div role="alert" className={`shop-alert shop-alert-${type}`} data-testid={testId}>
      <ShopIcon icon={NOTICE_ICON[type]} />
      <div className="shop-alert-text">{children}</div>
    </div>
  );
}

export const NoticeAlert = ({ notice }: { notice: Notice }) => (
  <ShopAlert type={notice.type} testId="shop-notice">
    {notice.text}
  </ShopAlert>
);

export function ShopWaiting({ testId }: { testId?: string }) {
  return (
    <div className="shop-waiting" aria-busy="true" data-testid={testId}>
      <div className="shop-spinner" />
    </div>
  );
}

/** The sign-in's and the account flows' white panel under the shop's header. */
export function GuestPanel({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <div className="shop-guest">
      <section className="shop-panel" data-testid={testId}>
        <header>
          <h1>{title}</h1>
        </header>
        <div>{children}</div>
      </section>
    </div>
  );
}
