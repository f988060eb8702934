import { Alert, Card, Flex, Menu, Result, Skeleton, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { MSG } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { isApiError } from '@/api/api-error';
import { useContentPage } from '@/features/content/api/content-api';
import { aboutBlocks } from '@/shared/editor/editor-blocks';
import { EditorBlock } from '@/shared/editor/editor-blocks-view';
import { PAGE_TITLE } from '@/shared/ui-text';

/** The type of a page whose path names none (/content/{id}). */
const DEFAULT_TYPE = 'help';

/**
 * /partner/info/(:type)/{id} and /content(/:type)/{id} (back-office.md §2): a content page, with the other pages of
 * its type beside it; «Описание отсутствует» when it has no text.
 */
export function ContentPage({ base }: { base: '/partner/info' | '/content' }) {
  const { type = DEFAULT_TYPE, id } = useParams();
  const page = useContentPage(type, id);
  if (page.isPending) return <Skeleton active data-testid="content-loading" />;
  if (page.error) {
    if (isApiError(page.error) && page.error.status === 404)
      return <Result status="404" title={PAGE_TITLE.content} subTitle={MSG.notFound} data-testid="content-missing" />;
    return <Alert type="error" showIcon title={errorText(page.error)} />;
  }
  const { ITEM, ITEMS } = page.data;
  const blocks = aboutBlocks(ITEM.BODY);
  return (
    <Flex gap={16} align="flex-start" wrap>
      {ITEMS.length > 1 && (
        <Menu
          style={{ width: 260 }}
          selectedKeys={[String(ITEM.ID)]}
          items={ITEMS.map((p) => ({ key: String(p.ID), label: <Link to={`${base}/${type}/${p.ID}`}>{p.TITLE}</Link> }))}
          data-testid="content-menu"
        />
      )}
      <Card style={{ flex: 1, minWidth: 320 }} data-testid="content-page">
        <Typography.Title level={2} style={{ marginTop: 0 }} data-testid="content-title">
          {ITEM.TITLE}
        </Typography.Title>
        {blocks.length ? (
          blocks.map((block, i) => <EditorBlock key={i} block={block} />)
        ) : (
          <Typography.Text type="secondary" data-testid="content-empty">
            {MSG.noDescription}
          </Typography.Text>
        )}
      </Card>
    </Flex>
  );
}
