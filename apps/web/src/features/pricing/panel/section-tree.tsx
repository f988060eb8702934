import { useMemo, useState } from 'react';
import { Card, Empty, Input, Space, Tag, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { EyeInvisibleOutlined } from '@ant-design/icons';
import type { PricingSection, SectionsTotal } from '@b2b/contracts/pricing';
import { formatPercent } from '@/features/pricing/panel/percent-text';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { buildSectionTree, searchSections, type SectionNode } from '@/features/pricing/panel/section-tree-data';

interface SectionTreeNode extends TreeDataNode {
  section: PricingSection;
  children: SectionTreeNode[];
}

const toTreeData = (nodes: SectionNode[]): SectionTreeNode[] =>
  nodes.map((n) => ({ key: n.key, title: n.section.NAME, section: n.section, children: toTreeData(n.children) }));

function SectionTitle({ section, matched }: { section: PricingSection; matched: boolean }) {
  const percent = formatPercent(section.PERCENT);
  return (
    <Space size={4} data-testid={`section-${section.ID}`} data-percent={section.PERCENT ?? ''} data-individual={section.HAS_INDIVIDUAL}>
      <Typography.Text type={section.SHOW === 'N' ? 'secondary' : undefined} mark={matched}>
        {section.NAME}
      </Typography.Text>
      {section.SHOW === 'N' && (
        <Tooltip title={T.hiddenHint}>
          <EyeInvisibleOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />
        </Tooltip>
      )}
      {percent && (
        <Tag color={section.PERCENT!.startsWith('-') ? 'orange' : 'blue'} style={{ marginInlineEnd: 0 }} data-testid="section-percent">
          {percent} %
        </Tag>
      )}
      {section.HAS_INDIVIDUAL === 'Y' && (
        <Tooltip title={T.individualHint}>
          <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="section-individual">
            {T.individualMark}
          </Tag>
        </Tooltip>
      )}
    </Space>
  );
}

/** The catalogue's sections with this price's markup of each (and a mark where products have their own); a search expands the matches. */
export function SectionTree({
  items,
  total,
  selected,
  onSelect,
}: {
  items: readonly PricingSection[];
  /** The tree's totals (action=total), shown under its title. */
  total?: SectionsTotal;
  selected: number | undefined;
  onSelect: (id: number) => void;
}) {
  const treeData = useMemo(() => toTreeData(buildSectionTree(items)), [items]);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<React.Key[]>([]);
  const found = useMemo(() => searchSections(items, search), [items, search]);

  return (
    <Card size="small" title={T.sections} data-testid="section-tree" styles={{ body: { padding: 8 } }}>
      <Input.Search
        allowClear
        placeholder={T.sectionSearch}
        data-testid="section-search"
        style={{ marginBottom: 8 }}
        onChange={(e) => {
          setSearch(e.target.value);
          setExpanded(searchSections(items, e.target.value).expanded);
        }}
      />
      {total && (
        <Typography.Paragraph type="secondary" style={{ margin: '0 0 8px' }} data-testid="sections-total">
          {T.sectionsTotal(total)}
        </Typography.Paragraph>
      )}
      {treeData.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <div style={{ maxHeight: 640, overflow: 'auto' }}>
          <Tree<SectionTreeNode>
            blockNode
            showLine
            treeData={treeData}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selected === undefined ? [] : [String(selected)]}
            onSelect={(_, info) => onSelect(info.node.section.ID)}
            titleRender={(node) => <SectionTitle section={node.section} matched={found.matched.has(node.section.ID)} />}
          />
        </div>
      )}
    </Card>
  );
}
