import ClockCircleOutlined from '@ant-design/icons-svg/es/asn/ClockCircleOutlined';
import { formatPhone } from '@b2b/contracts/phone-format';
import EnvironmentOutlined from '@ant-design/icons-svg/es/asn/EnvironmentOutlined';
import FileOutlined from '@ant-design/icons-svg/es/asn/FileOutlined';
import PhoneOutlined from '@ant-design/icons-svg/es/asn/PhoneOutlined';
import { Link } from 'react-router';
import { ShopIcon } from '@/features/storefront/components/shop-icon';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';
import '@/features/storefront/shop.css';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ShopPhones({ testId }: { testId: string }) {
  const { shop } = useShop();
  const phones = [...shop.PHONES].sort((a, b) => b.MAIN - a.MAIN);
  if (!phones.length) return null;
  return (
    <div className="shop-column shop-phones" data-testid={testId}>
      {phones.map((p) => (
        <span key={p.PHONE} className="shop-nowrap">
          <ShopIcon icon={PhoneOutlined} />
          <a href={telHref(p.PHONE)}>{formatPhone(p.PHONE)}</a>
          {p.COMMENT && <span className="shop-muted"> — {p.COMMENT}</span>}
        </span>
      ))}
    </div>
  );
}

/**
 * Every page of the shop: the header in the shop's colours with its logo, name, phones and hours (and, for a
 * signed-in buyer, the navigation and the basket), the page, and the footer with the shop's contacts and files.
 * Drawn without antd: it is a part of the first page a buyer downloads.
 */
export function ShopFrame({ nav, children }: { nav?: React.ReactNode; children: React.ReactNode }) {
  const { shop, colors, to } = useShop();
  const showName = !(shop.LOGO && shop.HEADER_NO_NAME === 'Y');
  const palette = {
    '--shop-primary': colors.primary,
    '--shop-header': colors.header,
    '--shop-header-text': colors.headerText,
  } as React.CSSProperties;
  return (
    <div className="shop" style={palette} data-testid="shop">
      <header className="shop-header" data-testid="shop-header">
        <div className="shop-bar">
          <Link to={to()} className="shop-home" data-testid="shop-home">
            {shop.LOGO && <img src={shop.LOGO.URL} alt={shop.NAME} className="shop-logo" />}
            {showName && (
              <span className="shop-name" data-testid="shop-name">
                {shop.NAME}
              </span>
            )}
          </Link>
          <div className="shop-contacts">
            <ShopPhones testId="shop-phones" />
            {shop.OPENING_HOURS && (
              <span title={SHOP_UI.header.hours} className="shop-lines" data-testid="shop-hours">
                <ShopIcon icon={ClockCircleOutlined} />
                {shop.OPENING_HOURS}
              </span>
            )}
          </div>
        </div>
        {nav && (
          <div className="shop-nav">
            <div>{nav}</div>
          </div>
        )}
      </header>
      <main className="shop-main">{children}</main>
      <footer className="shop-footer" data-testid="shop-footer">
        <div className="shop-footer-columns">
          <div className="shop-column">
            <span className="shop-strong">{shop.NAME}</span>
            {shop.ADDRESS && (
              <span data-testid="shop-address">
                <ShopIcon icon={EnvironmentOutlined} />
                {shop.ADDRESS}
              </span>
            )}
            {shop.OPENING_HOURS && (
              <span className="shop-lines">
                <ShopIcon icon={ClockCircleOutlined} />
                {shop.OPENING_HOURS}
              </span>
            )}
          </div>
          <div className="shop-column">
            <span className="shop-strong">{SHOP_UI.footer.contacts}</span>
            <ShopPhones testId="shop-footer-phones" />
          </div>
          {shop.FILES.length > 0 && (
            <div className="shop-column" data-testid="shop-files">
              <span className="shop-strong">{SHOP_UI.footer.files}</span>
              {shop.FILES.map((file) => (
                <a key={file.ID} href={file.URL} target="_blank" rel="noopener noreferrer">
                  <ShopIcon icon={FileOutlined} />
                  {file.NAME}
                </a>
              ))}
            </div>
          )}
        </div>
      </footer>
    </div>
  );
}
