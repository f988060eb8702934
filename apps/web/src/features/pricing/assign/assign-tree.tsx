import { Button, Empty, Space, Spin, Tag, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { MSG } from '@b2b/contracts/messages';
import type { AssignClient, AssignGroup } from '@b2b/contracts/pricing';
import { errorText } from '@/api/error-text';
import type { GroupMembers } from '@/features/pricing/api/price-assign-api';
import {
  checkedCount,
  clientKey,
  groupKey,
  parseKey,
  treeChecks,
  type AssignScope,
  type Changes,
  type Loaded,
} from '@/features/pricing/assign/assign-state';
import { ASSIGN_UI as T } from '@/features/pricing/assign/assign-text';
import { formatDate } from '@/shared/formatters/format-date';

interface Props {
  groups: readonly AssignGroup[];
  members: ReadonlyMap<number, GroupMembers>;
  loaded: Loaded;
  expanded: number[];
  onExpand: (groupIds: number[]) => void;
  onLoadMore: (groupId: number) => void;
  changes: Changes;
  scope: AssignScope;
  filtered: boolean;
  /** Groups whose every client is being loaded to be ticked. */
  loadingAll: ReadonlySet<number>;
  readOnly: boolean;
  onTickClient: (client: AssignClient, checked: boolean) => void;
  onTickGroup: (groupId: number, checked: boolean) => void;
}

type Node = TreeDataNode & { children?: Node[] };

function ClientTitle({ client, groupId, changes }: { client: AssignClient; groupId: number; changes: Changes }) {
  const change = changes.get(client.ID);
  return (
    <Space size={6} wrap data-testid={`assign-client-${groupId}-${client.ID}`} data-name={client.NAME}>
      <Typography.Text>{client.NAME}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatDate(client.REGISTRATION_DATE)}
      </Typography.Text>
      <Tag style={{ marginInlineEnd: 0 }}>{client.PRICE_LIST.NAME}</Tag>
      {client.COLUMN && <Tag style={{ marginInlineEnd: 0 }}>{client.COLUMN.NAME}</Tag>}
      {change && (
        <Tag color={change.checked ? 'green' : 'red'} style={{ marginInlineEnd: 0 }} data-testid="assign-change">
          {change.checked ? T.willAdd : T.willRemove}
        </Tag>
      )}
    </Space>
  );
}

interface GroupTitleProps {
  group: AssignGroup;
  changes: Changes;
  loaded: Loaded;
  scope: AssignScope;
  filteredTotal?: number;
  loading: boolean;
}

function GroupTitle({ group, changes, loaded, scope, filteredTotal, loading }: GroupTitleProps) {
  const n = checkedCount(group, changes, loaded);
  return (
    <Space size={6} wrap data-testid={`assign-group-${group.ID}`} data-name={group.NAME}>
      <TeamOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />
      <Typography.Text strong>{group.NAME}</Typography.Text>
      <Tag color={n > 0 ? 'blue' : undefined} style={{ marginInlineEnd: 0 }} data-testid="assign-group-count">
        {T.groupCount(n, group.CLIENTS_CNT)}
      </Tag>
      {filteredTotal !== undefined && <Typography.Text type="secondary">{T.groupFound(filteredTotal)}</Typography.Text>}
      {scope.groupsAssignable && !scope.isBase && group.ID !== 0 && group.CHECKED === 'Y' && (
        <Tooltip title={T.groupHasListHint}>
          <Tag color="gold" style={{ marginInlineEnd: 0 }} data-testid="assign-group-has-list">
            {T.groupHasList}
          </Tag>
        </Tooltip>
      )}
      {loading && <Spin size="small" />}
    </Space>
  );
}

const info = (key: string, content: React.ReactNode): Node => ({ key, title: content, isLeaf: true, checkable: false, selectable: false });

/**
 * The groups (a group's clients load when it is opened, a page at a time) with checked and half-checked parents
 * (§4): a group is checked when all its clients have the price, half-checked when some do — from the server's counts
 * and the unsaved ticks, before its clients are loaded too. Ticking a group ticks all its clients (they are loaded).
 */
export function AssignTree(props: Props) {
  const { groups, members, loaded, changes, scope, filtered, loadingAll, readOnly } = props;
  const byId = new Map(groups.map((g) => [g.ID, g]));

  const clientNodes = (group: AssignGroup): Node[] => {
    const m = members.get(group.ID);
    if (!m) return [];
    const nodes: Node[] = m.items.map((client) => ({
      key: clientKey(group.ID, client.ID),
      title: <ClientTitle client={client} groupId={group.ID} changes={changes} />,
      isLeaf: true,
      selectable: false,
      disableCheckbox: readOnly || (scope.isBase && client.CHECKED === 'Y'),
    }));
    const id = group.ID;
    if (m.error) nodes.push(info(`error:${id}`, <Typography.Text type="danger">{errorText(m.error)}</Typography.Text>));
    else if (m.loading) nodes.push(info(`loading:${id}`, <Spin size="small" />));
    else if (m.total === 0)
      nodes.push(info(`empty:${id}`, <Typography.Text type="secondary">{filtered ? MSG.clientsEmpty : T.noMembers}</Typography.Text>));
    else if (m.total !== undefined && m.items.length < m.total) {
      nodes.push(
        info(
          `more:${id}`,
          <Button size="small" type="link" onClick={() => props.onLoadMore(id)} data-testid={`assign-more-${id}`}>
            {T.loadMore(m.total - m.items.length)}
          </Button>,
        ),
      );
    }
    return nodes;
  };

  // With a filter, a group none of whose clients match is left out (an empty group matches nothing).
  const shown = groups.filter((g) => !(filtered && (g.CLIENTS_CNT === 0 || members.get(g.ID)?.total === 0)));
  const treeData: Node[] = shown.map((group) => ({
    key: groupKey(group.ID),
    title: (
      <GroupTitle
        group={group}
        changes={changes}
        loaded={loaded}
        scope={scope}
        filteredTotal={filtered ? members.get(group.ID)?.total : undefined}
        loading={loadingAll.has(group.ID)}
      />
    ),
    isLeaf: group.CLIENTS_CNT === 0,
    disableCheckbox: readOnly || group.CLIENTS_CNT === 0 || loadingAll.has(group.ID) || (scope.isBase && group.CHECKED_CNT >= group.CLIENTS_CNT),
    children: clientNodes(group),
  }));

  if (!treeData.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? MSG.clientsEmpty : MSG.groupsEmpty} />;

  const expandedKeys = props.expanded.map(groupKey);
  const toggle = (groupId: number) =>
    props.onExpand(props.expanded.includes(groupId) ? props.expanded.filter((id) => id !== groupId) : [...props.expanded, groupId]);

  return (
    <Tree<Node>
      data-testid="assign-tree"
      checkable
      checkStrictly
      blockNode
      height={640}
      treeData={treeData}
      expandedKeys={expandedKeys}
      selectedKeys={[]}
      checkedKeys={treeChecks(groups, loaded, changes)}
      onExpand={(keys) => props.onExpand(keys.map((k) => parseKey(String(k))).flatMap((k) => (k.kind === 'group' ? [k.groupId] : [])))}
      // A group's name opens or closes it; a client's name ticks it (clients are not selectable).
      onSelect={(_, e) => {
        const key = parseKey(String(e.node.key));
        if (key.kind === 'group') toggle(key.groupId);
      }}
      onCheck={(_, e) => {
        const key = parseKey(String(e.node.key));
        if (key.kind === 'group') props.onTickGroup(key.groupId, e.checked);
        if (key.kind === 'client') {
          const client = loaded.get(key.groupId)?.find((c) => c.ID === key.clientId);
          if (client && byId.has(key.groupId)) props.onTickClient(client, e.checked);
        }
      }}
    />
  );
}
