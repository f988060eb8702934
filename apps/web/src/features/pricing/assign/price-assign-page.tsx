import { Alert, App, Button, Card, DatePicker, Flex, Input, Select, Skeleton, Space, Typography } from 'antd';
import { errorText } from '@/api/error-text';
import { usePartnerInfo } from '@/api/queries/info-queries';
import { assignKeys, useAssignGroups, useAssignPrices, useSaveAssign } from '@/features/pricing/api/price-assign-api';
import {
  ASSIGN_DEFAULTS,
  ASSIGN_SAVED_KEYS,
  choosePrice,
  filterOf,
  parsePriceValue,
  priceValue,
  scopeOf,
  type ChosenPrice,
} from '@/features/pricing/assign/assign-params';
import { assignDiff, diffSize } from '@/features/pricing/assign/assign-state';
import { ASSIGN_UI as T } from '@/features/pricing/assign/assign-text';
import { AssignTree } from '@/features/pricing/assign/assign-tree';
import { useAssignTree } from '@/features/pricing/assign/use-assign-tree';
import type { PriceListsAnswer } from '@b2b/contracts/price-lists';
import { useSession } from '@/shared/auth/session-context';
import { SCREEN_DAY, isOutsideDays, paramsFromRange, rangeFromParams } from '@/shared/inputs/day-range';
import type { ListParams, ListParamsPatch } from '@/shared/list-params/list-params';
import { useListParams } from '@/shared/list-params/use-list-params';
import { notifySuccess } from '@/shared/ui/notify';
import { RefreshButton } from '@/shared/ui/refresh-button';

interface BoardProps {
  price: ChosenPrice;
  lists: PriceListsAnswer;
  params: ListParams;
  setParams: (patch: ListParamsPatch) => void;
}

/** The price's options: the price lists, then the columns. */
function priceOptions(lists: PriceListsAnswer) {
  const option = (type: 'pricelist' | 'column') => (p: PriceListsAnswer['PRICELISTS'][number]) => ({
    value: priceValue({ type, id: p.ID }),
    label: p.NAME,
  });
  return [
    { label: T.priceLists, options: lists.PRICELISTS.map(option('pricelist')) },
    ...(lists.COLUMNS.length ? [{ label: T.columns, options: lists.COLUMNS.map(option('column')) }] : []),
  ];
}

/** The tree of one price with its toolbar; remounted for another price, so the unsaved ticks are that price's. */
function AssignBoard({ price, lists, params, setParams }: BoardProps) {
  const { rights } = useSession();
  const { modal } = App.useApp();
  const info = usePartnerInfo();
  const filter = filterOf(params);
  const scope = scopeOf(price);
  const groupsQuery = useAssignGroups(price, filter);
  const groups = groupsQuery.data?.ENTITIES.GROUPS ?? [];
  const tree = useAssignTree(price, filter, groups, scope);
  const saver = useSaveAssign();
  const readOnly = !rights?.priceButtons;
  const diff = assignDiff(groups, tree.changes, tree.touched, scope, tree.loaded);
  const pending = diffSize(diff);

  const choose = (value: string) => {
    const go = () => setParams(parsePriceValue(value));
    if (!pending) return go();
    modal.confirm({
      title: T.discardTitle,
      content: T.discardText,
      okText: T.discardOk,
      onOk: go,
      okButtonProps: { 'data-testid': 'assign-discard-ok' },
    });
  };

  const save = () =>
    saver.mutate(
      { price, diff },
      {
        onSuccess: (message) => {
          tree.clear();
          if (message) notifySuccess(message);
        },
      },
    );

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} wrap align="center">
          <Typography.Text type="secondary">{T.price}</Typography.Text>
          <Select
            data-testid="assign-price"
            style={{ width: 300 }}
            value={priceValue(price)}
            options={priceOptions(lists)}
            onChange={choose}
            showSearch={{ optionFilterProp: 'label' }}
          />
          <Input.Search
            key={params.query ?? ''}
            data-testid="assign-search"
            allowClear
            defaultValue={params.query ?? ''}
            placeholder={T.searchPlaceholder}
            style={{ width: 280 }}
            onSearch={(value) => setParams({ query: value.trim() || null })}
          />
          <Typography.Text type="secondary">{T.period}</Typography.Text>
          <span data-testid="assign-dates">
            <DatePicker.RangePicker
              format={SCREEN_DAY}
              allowEmpty={[true, true]}
              value={rangeFromParams(params.date_start, params.date_end)}
              disabledDate={(d) => isOutsideDays(d, info.data?.CLIENT_DATE.MIN_DATE)}
              onChange={(r) => setParams(paramsFromRange(r))}
            />
          </span>
          <RefreshButton queryKey={assignKeys.all} testId="assign-refresh" />
        </Flex>
        <Flex gap={16} wrap style={{ marginTop: 12 }}>
          <Typography.Text data-testid="assign-summary">
            {T.assigned(price.item.CLIENTS_CNT, scope.groupsAssignable ? price.item.GROUPS_CNT : undefined)}
          </Typography.Text>
          {tree.filtered && groupsQuery.data && <Typography.Text data-testid="assign-found">{T.found(groupsQuery.data.NAV.CNT)}</Typography.Text>}
          <Typography.Text type="secondary">{scope.isBase ? T.baseHint : scope.groupsAssignable ? T.listHint : T.columnHint}</Typography.Text>
        </Flex>
      </Card>
      {readOnly && <Alert type="info" showIcon title={T.readOnly} data-testid="assign-readonly" />}
      <Card
        size="small"
        title={
          pending ? (
            <Typography.Text data-testid="assign-pending">
              {T.changes(pending)} ({T.toAdd(diff.add.clients.length + diff.add.groups.length)},{' '}
              {T.toRemove(diff.remove.clients.length + diff.remove.groups.length)})
            </Typography.Text>
          ) : (
            price.item.NAME
          )
        }
        extra={
          !readOnly && (
            <Space>
              <Button onClick={tree.clear} disabled={!pending || saver.isPending} data-testid="assign-reset">
                {T.reset}
              </Button>
              <Button
                type="primary"
                onClick={save}
                loading={saver.isPending}
                disabled={!pending || tree.loadingAll.size > 0}
                title={tree.loadingAll.size > 0 ? T.loadingMembers : undefined}
                data-testid="assign-save"
              >
                {T.save}
              </Button>
            </Space>
          )
        }
      >
        {tree.filtered && <Typography.Paragraph type="secondary">{T.filtered}</Typography.Paragraph>}
        {groupsQuery.isError ? (
          <Alert type="error" showIcon title={errorText(groupsQuery.error)} />
        ) : !groupsQuery.data ? (
          <Skeleton active />
        ) : (
          <AssignTree
            groups={groups}
            members={tree.members}
            loaded={tree.loaded}
            expanded={tree.expanded}
            onExpand={tree.setExpanded}
            onLoadMore={tree.loadMore}
            changes={tree.changes}
            scope={scope}
            filtered={tree.filtered}
            loadingAll={tree.loadingAll}
            readOnly={readOnly}
            onTickClient={tree.tickClient}
            onTickGroup={(id, checked) => void tree.tickGroup(id, checked)}
          />
        )}
      </Card>
    </Flex>
  );
}

/**
 * /partner/pricing/pricesettings, Установка цен (shop-pricing-offers-loyalty.md §2, §4): choose a price list or a
 * column, tick its clients and groups in the tree, save the differences. The price and the filters are kept in the
 * params_pricesettings cookie and merged with the URL query.
 */
export function PriceAssignPage() {
  const { params, setParams } = useListParams('params_pricesettings', ASSIGN_DEFAULTS, ASSIGN_SAVED_KEYS);
  const prices = useAssignPrices();
  const price = prices.data && choosePrice(prices.data, params);
  return (
    <div data-testid="price-assign">
      {prices.isError ? (
        <Alert type="error" showIcon title={errorText(prices.error)} />
      ) : !prices.data || !price ? (
        <Skeleton active />
      ) : (
        <AssignBoard key={priceValue(price)} price={price} lists={prices.data} params={params} setParams={setParams} />
      )}
    </div>
  );
}
