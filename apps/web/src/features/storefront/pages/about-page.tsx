import { Flex, Typography } from 'antd';
import { aboutBlocks } from '@/shared/editor/editor-blocks';
import { EditorBlock } from '@/shared/editor/editor-blocks-view';
import { useShop } from '@/features/storefront/shop-context';
import { SHOP_UI } from '@/features/storefront/shop-text';

const A = SHOP_UI.about;

function Section({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  return (
    <section style={{ background: '#fff', borderRadius: 8, padding: '16px 24px' }} data-testid={testId}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

/** /shop/{link}/about: the shop's about text, its address, delivery and payment texts. */
export function AboutPage() {
  const { shop } = useShop();
  const blocks = aboutBlocks(shop.ABOUT_COMPANY);
  return (
    <Flex vertical gap={16}>
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="page-title">
        {A.title}
      </Typography.Title>
      <Section title={shop.NAME} testId="about-company">
        {blocks.length ? (
          blocks.map((block, i) => <EditorBlock key={i} block={block} />)
        ) : (
          <Typography.Text type="secondary">{A.empty}</Typography.Text>
        )}
        {shop.ADDRESS && (
          <Typography.Paragraph>
            <strong>{SHOP_UI.footer.address}:</strong> {shop.ADDRESS}
          </Typography.Paragraph>
        )}
        {shop.OPENING_HOURS && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>
            <strong>{SHOP_UI.header.hours}:</strong> {shop.OPENING_HOURS}
          </Typography.Paragraph>
        )}
      </Section>
      <Section title={A.delivery} testId="about-delivery">
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{shop.ABOUT_DELIVERY || A.empty}</Typography.Paragraph>
      </Section>
      <Section title={A.payment} testId="about-payment">
        <Typography.Paragraph style={{ whiteSpace: 'pre-line', marginBottom: 0 }}>{shop.ABOUT_PAYMENT || A.empty}</Typography.Paragraph>
      </Section>
    </Flex>
  );
}
