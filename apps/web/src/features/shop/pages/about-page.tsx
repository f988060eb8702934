import { Flex, Typography } from 'antd';
import { aboutBlocks, type AboutBlock } from '@/features/shop/about-blocks';
import { useShop } from '@/features/shop/shop-context';
import { SHOP_UI } from '@/features/shop/shop-text';

const A = SHOP_UI.about;

function Block({ block }: { block: AboutBlock }) {
  switch (block.type) {
    case 'header':
      return <Typography.Title level={4}>{block.text}</Typography.Title>;
    case 'paragraph':
      return <Typography.Paragraph style={{ whiteSpace: 'pre-line' }}>{block.text}</Typography.Paragraph>;
    case 'list': {
      const items = block.items.map((item, i) => <li key={i}>{item}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'image':
      return (
        <figure style={{ margin: '0 0 16px' }}>
          <img src={block.url} alt={block.caption} style={{ maxWidth: '100%' }} />
          {block.caption && <figcaption style={{ color: '#8c8c8c', fontSize: 12 }}>{block.caption}</figcaption>}
        </figure>
      );
  }
}

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
        {blocks.length ? blocks.map((block, i) => <Block key={i} block={block} />) : <Typography.Text type="secondary">{A.empty}</Typography.Text>}
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
