import { Button, Card, Flex, Result, Skeleton, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { MSG } from '@b2b/contracts/messages';
import type { OrderCard } from '@b2b/contracts/orders';
import { useOrder } from '@/features/orders/api/order-card-api';
import { OrderActions } from '@/features/orders/components/order-actions';
import { OrderDetails } from '@/features/orders/components/order-details';
import { OrderHistory } from '@/features/orders/components/order-history';
import { OrderItemsTable } from '@/features/orders/components/order-items-table';
import { OrderStatusTag } from '@/features/orders/components/order-status-tag';
import { ORDER_LIST_COOKIE } from '@/features/orders/order-list-params';
import { canReturnPoints, managerOrderActions, visibleOrderActions } from '@/features/orders/order-status';
import { ORDER_UI } from '@/features/orders/order-text';
import { OrderVariantContext, type OrderVariant, useOrderVariant } from '@/features/orders/order-variant';
import { useSession } from '@/shared/auth/session-context';
import { formatDateTime } from '@/shared/formatters/format-date';
import { useListReturn } from '@/shared/list-params/list-return';
import { PageTitle } from '@/shared/ui/page-title';
import { PAGE_TITLE, UI } from '@/shared/ui-text';

const LIST = '/partner/orderlist';

function parseOrderId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** The order list as the user left it (its search, filters and page), else the list with its saved filters. */
const useBackToList = () => useListReturn(ORDER_LIST_COOKIE, LIST);

function BackLink() {
  return (
    <Link to={useBackToList()} data-testid="order-back">
      <ArrowLeftOutlined /> {ORDER_UI.backToList}
    </Link>
  );
}

/** What another area adds to the card's buttons (the app's route gives the manager's «Передать партнеру»). */
export type OrderCardTools = (order: OrderCard) => React.ReactNode;

function OrderCardView({ id, tools }: { id: number; tools?: OrderCardTools }) {
  const { rights } = useSession();
  const manager = useOrderVariant() === 'manager';
  const order = useOrder(id);
  const canEdit = !manager && !!rights?.editOrders;
  const backToList = useBackToList();

  if (order.isPending) {
    return (
      <div>
        <PageTitle>{PAGE_TITLE.orderCard(String(id))}</PageTitle>
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (order.isError) {
    const missing = isApiError(order.error) && order.error.status === 404;
    // A 404 that says why (a routed order: «Заказ передан партнеру «…»», issue 39 §1) is shown as said.
    const said = errorText(order.error);
    const missingText = said && said !== MSG.notFound ? said : ORDER_UI.notFound;
    return (
      <Result
        status={missing ? '404' : 'error'}
        title={missing ? missingText : said}
        data-testid="order-error"
        extra={
          <Flex gap={8} justify="center">
            <Link to={backToList}>
              <Button type="primary">{ORDER_UI.backToList}</Button>
            </Link>
            {!missing && <Button onClick={() => void order.refetch()}>{UI.retry}</Button>}
          </Flex>
        }
      />
    );
  }

  const card = order.data;
  const actions = manager ? managerOrderActions(card.ACTIONS) : visibleOrderActions(card.ACTIONS, canEdit);
  if (canReturnPoints(card, canEdit)) actions.add('bonus_return');
  return (
    <div data-testid="order-card" data-order-id={card.ID} data-status={card.STATUS.STATUS_CODE}>
      <BackLink />
      <Flex align="center" gap={12} wrap style={{ marginTop: 8 }}>
        <PageTitle>{PAGE_TITLE.orderCard(card.ORDER_NUMBER)}</PageTitle>
        <div style={{ marginBottom: '0.5em' }}>
          <OrderStatusTag code={card.STATUS.STATUS_CODE} testId="order-status" />
        </div>
        <Typography.Text type="secondary" style={{ marginBottom: '0.5em' }} data-testid="order-date">
          {formatDateTime(card.CREATE_DATE)}
        </Typography.Text>
      </Flex>
      <Card size="small" style={{ marginBottom: 16 }}>
        <OrderActions order={card} actions={actions} extra={tools?.(card)} />
      </Card>
      <OrderDetails
        order={card}
        canChangePaymentType={canEdit && actions.has('payment_type')}
        canChooseManager={canEdit && actions.has('manager')}
        linkClient={!manager}
      />
      <Card size="small" title={ORDER_UI.sections.items} style={{ marginBottom: 16 }}>
        <OrderItemsTable order={card} />
      </Card>
      <Card size="small" title={ORDER_UI.sections.history}>
        <OrderHistory order={card} />
      </Card>
    </div>
  );
}

/**
 * /partner/orderlist/{id}: the order card; an id that is not a number goes back to the list. The manager's variant
 * opens any partner's order and offers the status and text actions only.
 */
export function OrderCardPage({ variant = 'partner', tools }: { variant?: OrderVariant; tools?: OrderCardTools }) {
  const id = parseOrderId(useParams().id);
  if (id === null) return <Navigate to={LIST} replace />;
  return (
    <OrderVariantContext value={variant}>
      <OrderCardView key={id} id={id} tools={tools} />
    </OrderVariantContext>
  );
}
