import { Flex, Typography } from 'antd';
import { ClockCircleOutlined, EnvironmentOutlined, FileOutlined, PhoneOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useShop } from '@/features/shop/shop-context';
import { SHOP_UI } from '@/features/shop/shop-text';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

function ShopPhones({ color, testId }: { color?: string; testId: string }) {
  const { shop } = useShop();
  const phones = [...shop.PHONES].sort((a, b) => b.MAIN - a.MAIN);
  if (!phones.length) return null;
  return (
    <Flex vertical gap={2} data-testid={testId}>
      {phones.map((p) => (
        <span key={p.PHONE} style={{ whiteSpace: 'nowrap' }}>
          <PhoneOutlined style={{ marginRight: 6 }} />
          <a href={telHref(p.PHONE)} style={{ color }}>
            {p.PHONE}
          </a>
          {p.COMMENT && <span style={{ opacity: 0.75 }}> — {p.COMMENT}</span>}
        </span>
      ))}
    </Flex>
  );
}

/**
 * Every page of the shop: the header in the shop's colours with its logo, name, phones and hours (and, for a
 * signed-in buyer, the navigation and the basket), the page, and the footer with the shop's contacts and files.
 */
export function ShopFrame({ nav, children }: { nav?: React.ReactNode; children: React.ReactNode }) {
  const { shop, colors, to } = useShop();
  const showName = !(shop.LOGO && shop.HEADER_NO_NAME === 'Y');
  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#f5f6f8' }} data-testid="shop">
      <header style={{ background: colors.header, color: colors.headerText }} data-testid="shop-header">
        <Flex
          wrap
          align="center"
          justify="space-between"
          gap={16}
          style={{ maxWidth: 1280, margin: '0 auto', padding: '12px 16px' }}
        >
          <Link to={to()} style={{ color: colors.headerText, display: 'flex', alignItems: 'center', gap: 12 }} data-testid="shop-home">
            {shop.LOGO && <img src={shop.LOGO.URL} alt={shop.NAME} style={{ height: 40, maxWidth: 200, objectFit: 'contain' }} />}
            {showName && (
              <span style={{ fontSize: 20, fontWeight: 600 }} data-testid="shop-name">
                {shop.NAME}
              </span>
            )}
          </Link>
          <Flex wrap gap={24} align="center" style={{ fontSize: 13 }}>
            <ShopPhones color={colors.headerText} testId="shop-phones" />
            {shop.OPENING_HOURS && (
              <span title={SHOP_UI.header.hours} style={{ whiteSpace: 'pre-line' }} data-testid="shop-hours">
                <ClockCircleOutlined style={{ marginRight: 6 }} />
                {shop.OPENING_HOURS}
              </span>
            )}
          </Flex>
        </Flex>
        {nav && (
          <div style={{ background: 'rgba(0,0,0,0.12)' }}>
            <div style={{ maxWidth: 1280, margin: '0 auto', padding: '0 16px' }}>{nav}</div>
          </div>
        )}
      </header>
      <main style={{ flex: 1, width: '100%', maxWidth: 1280, margin: '0 auto', padding: 16 }}>{children}</main>
      <footer style={{ background: '#fff', borderTop: '1px solid #e8e8e8' }} data-testid="shop-footer">
        <Flex wrap gap={32} style={{ maxWidth: 1280, margin: '0 auto', padding: '20px 16px', fontSize: 13 }}>
          <Flex vertical gap={6} style={{ minWidth: 220 }}>
            <Typography.Text strong>{shop.NAME}</Typography.Text>
            {shop.ADDRESS && (
              <span data-testid="shop-address">
                <EnvironmentOutlined style={{ marginRight: 6 }} />
                {shop.ADDRESS}
              </span>
            )}
            {shop.OPENING_HOURS && (
              <span style={{ whiteSpace: 'pre-line' }}>
                <ClockCircleOutlined style={{ marginRight: 6 }} />
                {shop.OPENING_HOURS}
              </span>
            )}
          </Flex>
          <Flex vertical gap={6} style={{ minWidth: 220 }}>
            <Typography.Text strong>{SHOP_UI.footer.contacts}</Typography.Text>
            <ShopPhones testId="shop-footer-phones" />
          </Flex>
          {shop.FILES.length > 0 && (
            <Flex vertical gap={6} style={{ minWidth: 220 }} data-testid="shop-files">
              <Typography.Text strong>{SHOP_UI.footer.files}</Typography.Text>
              {shop.FILES.map((file) => (
                <a key={file.ID} href={file.URL} target="_blank" rel="noopener noreferrer">
                  <FileOutlined style={{ marginRight: 6 }} />
                  {file.NAME}
                </a>
              ))}
            </Flex>
          )}
        </Flex>
      </footer>
    </Flex>
  );
}
