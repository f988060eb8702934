import { useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Flex, Input, Skeleton, Space, Switch, Tag, Tree, Typography, type TreeDataNode } from 'antd';
import type { PricingSection } from '@b2b/contracts/pricing';
import { errorText } from '@/api/error-text';
import { useAssortmentSections, useShowSection } from '@/features/pricing/assortment/assortment-api';
import { ASSORTMENT_UI as T } from '@/features/pricing/assortment/assortment-text';
import { buildSectionTree, searchSections, type SectionNode } from '@/features/pricing/panel/section-tree-data';
import { useSession } from '@/shared/auth/session-context';
import { notifySuccess } from '@/shared/ui/notify';

interface Node extends TreeDataNode {
  section: PricingSection;
  /** The nearest hidden section above this one: the shop hides this one with it. */
  hiddenBy?: string;
  children: Node[];
}

const toTreeData = (nodes: SectionNode[], hiddenBy?: string): Node[] =>
  nodes.map((n) => ({
    key: n.key,
    section: n.section,
    hiddenBy,
    children: toTreeData(n.children, hiddenBy ?? (n.section.SHOW === 'N' ? n.section.NAME : undefined)),
  }));

function SectionRow({
  node,
  matched,
  canEdit,
  saving,
  onShow,
}: {
  node: Node;
  matched: boolean;
  canEdit: boolean;
  saving: boolean;
  onShow: (show: boolean) => void;
}) {
  const { section, hiddenBy } = node;
  const shown = section.SHOW === 'Y';
  return (
    <Flex
      align="center"
      gap={8}
      justify="space-between"
      data-testid={`assortment-section-${section.ID}`}
      data-name={section.NAME}
      data-show={section.SHOW}
    >
      <Space size={6} wrap>
        <Typography.Text type={shown && !hiddenBy ? undefined : 'secondary'} delete={!shown} mark={matched}>
          {section.NAME}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {T.products(section.PRODUCTS_CNT)}
        </Typography.Text>
        {hiddenBy && shown && <Tag style={{ marginInlineEnd: 0 }}>{T.hiddenWithParent(hiddenBy)}</Tag>}
      </Space>
      {/* The switch does not open or select the row. */}
      <span onClick={(e) => e.stopPropagation()}>
        <Switch
          size="small"
          checked={shown}
          loading={saving}
          disabled={!canEdit}
          aria-label={`${T.show}: ${section.NAME}`}
          data-testid="assortment-section-show"
          onChange={onShow}
        />
      </span>
    </Flex>
  );
}

/**
 * The sections of the assortment (the base price list's tree, GET /partner/sections/) with a switch each to show or
 * hide the section in the shop (POST /partner/section/{id}/ show=Y|N; its MESSAGE as a notification). Switches are
 * off without editPriceSettings (ADMIN, PRICE).
 */
export function AssortmentSections() {
  const canEdit = Boolean(useSession().rights?.editPriceSettings);
  const sections = useAssortmentSections();
  const saver = useShowSection();
  const [saving, setSaving] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const items = useMemo(() => sections.data?.ITEMS ?? [], [sections.data]);
  const treeData = useMemo(() => toTreeData(buildSectionTree(items)), [items]);
  const found = useMemo(() => searchSections(items, search), [items, search]);
  const parents = useMemo(() => items.filter((s) => items.some((c) => c.IBLOCK_SECTION_ID === s.ID)).map((s) => String(s.ID)), [items]);
  const shownCount = items.filter((s) => s.SHOW === 'Y').length;

  /** A search opens the sections above the matches. */
  const searchFor = (text: string) => {
    setSearch(text);
    setExpanded(searchSections(items, text).expanded);
  };

  const show = (id: number, value: boolean) => {
    setSaving((prev) => new Set(prev).add(id));
    saver.mutate(
      { id, show: value },
      {
        onSuccess: (answer) => answer.MESSAGE && notifySuccess(answer.MESSAGE),
        onSettled: () =>
          setSaving((prev) => {
            const next = new Set(prev);
            next.delete(id);
            return next;
          }),
      },
    );
  };

  return (
    <Card
      size="small"
      title={T.sections}
      data-testid="assortment-sections"
      extra={
        sections.data && (
          <Typography.Text type="secondary" data-testid="assortment-shown">
            {T.shown(shownCount, items.length)}
          </Typography.Text>
        )
      }
    >
      {!canEdit && <Alert type="info" showIcon title={T.readOnly} style={{ marginBottom: 12 }} data-testid="assortment-readonly" />}
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={T.search}
          data-testid="assortment-search"
          style={{ width: 320 }}
          onChange={(e) => searchFor(e.target.value)}
        />
        <Button onClick={() => setExpanded(parents)} data-testid="assortment-expand">
          {T.expandAll}
        </Button>
        <Button onClick={() => setExpanded([])}>{T.collapseAll}</Button>
      </Flex>
      {sections.isError ? (
        <Alert type="error" showIcon title={errorText(sections.error)} />
      ) : !sections.data ? (
        <Skeleton active />
      ) : treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={T.empty} />
      ) : (
        <Tree<Node>
          blockNode
          showLine
          height={640}
          selectable={false}
          expandAction="click"
          treeData={treeData}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys)}
          titleRender={(node) => (
            <SectionRow
              node={node}
              matched={found.matched.has(node.section.ID)}
              canEdit={canEdit}
              saving={saving.has(node.section.ID)}
              onShow={(value) => show(node.section.ID, value)}
            />
          )}
        />
      )}
    </Card>
  );
}
