import { Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import { LIMITS } from '@b2b/contracts/limits';
import { BANNER_PLACEMENT_LABEL, OFFER_MSG, type OfferItem } from '@b2b/contracts/offers';
import { STATE_COLOR, bannerPlacementsOf, offerLimitText, offerPeriodText, presentText } from '@/features/offers/offer-format';
import { OfferRowSwitch } from '@/features/offers/components/offer-switch';
import { type OfferListRequest, offerPagePatch } from '@/features/offers/offer-list-params';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import type { ListParamsPatch } from '@/shared/list-params/list-params';
import { UI } from '@/shared/ui-text';
import { wideTable } from '@/shared/ui/wide-table';

/** The name: a link to the form, or text where the row opens nothing (the manager's list). */
const nameColumn = (opens: boolean): TableColumnsType<OfferItem>[number] => ({
  key: 'name',
  title: T.columns.name,
  width: 260,
  render: (_, offer) => {
    const Name = opens ? Typography.Link : Typography.Text;
    return (
      <Name data-testid="offer-name" style={{ whiteSpace: 'normal' }}>
        {offer.NAME}
      </Name>
    );
  },
});

/** The manager's list names each offer's partner. */
const partnerColumn: TableColumnsType<OfferItem>[number] = {
  key: 'partner',
  title: UI.partner,
  render: (_, offer) => <span data-testid="offer-partner">{offer.PARTNER?.NAME ?? T.none}</span>,
};

/** The on/off switch of each row, for those who may edit offers (editOffers); the others read the state column. */
const switchColumn = (onSwitched: Props['onSwitched']): TableColumnsType<OfferItem>[number] => ({
  key: 'on',
  title: T.columns.on,
  render: (_, offer, index) => <OfferRowSwitch id={offer.ID} on={offer.ACTIVE === 'Y'} onSwitched={(on) => onSwitched?.(offer, on, index)} />,
});

/** The state; a row switched here that the filter no longer takes says it will leave at the next refresh. */
const stateColumn = (outside: ReadonlySet<number> | undefined): TableColumnsType<OfferItem>[number] => ({
  key: 'state',
  title: T.columns.state,
  render: (_, offer) => (
    <>
      <Tag color={STATE_COLOR[offer.STATE.CODE]} data-testid="offer-state" data-state={offer.STATE.CODE}>
        {offer.STATE.NAME}
      </Tag>
      {outside?.has(offer.ID) && (
        <Typography.Text type="secondary" data-testid="offer-kept" style={{ display: 'block', maxWidth: 200, whiteSpace: 'normal', fontSize: 12 }}>
          {T.keptOutside}
        </Typography.Text>
      )}
    </>
  ),
});

const typeColumn: TableColumnsType<OfferItem>[number] = {
  key: 'type',
  title: T.columns.type,
  render: (_, offer) => <span data-testid="offer-type">{offer.TYPE.NAME}</span>,
};

const columns: TableColumnsType<OfferItem> = [
  { key: 'period', title: T.columns.period, render: (_, offer) => <span data-testid="offer-period">{offerPeriodText(offer.OFFER_DATE)}</span> },
  { key: 'limit', title: T.columns.limit, render: (_, offer) => <span data-testid="offer-limit">{offerLimitText(offer)}</span> },
  {
    key: 'presents',
    title: T.columns.presents,
    width: 280,
    render: (_, offer) =>
      offer.PRESENTS.length ? (
        <div data-testid="offer-presents" style={{ width: 260 }}>
          {offer.PRESENTS.map((p) => (
            <Typography.Text key={p.ID + p.sum} ellipsis={{ tooltip: presentText(p) }} style={{ display: 'block', width: 260 }}>
              {presentText(p)}
            </Typography.Text>
          ))}
        </div>
      ) : (
        T.none
      ),
  },
  {
    key: 'banners',
    title: T.columns.banners,
    render: (_, offer) => {
      const placements = bannerPlacementsOf(offer);
      return placements.length ? (
        <span data-testid="offer-banners" style={{ display: 'inline-block', maxWidth: 200, whiteSpace: 'normal' }}>
          {placements.map((p) => (
            <Tag key={p}>{BANNER_PLACEMENT_LABEL[p]}</Tag>
          ))}
        </span>
      ) : (
        T.none
      );
    },
  },
  {
    key: 'products',
    title: T.columns.products,
    align: 'right',
    render: (_, offer) => <span data-testid="offer-products">{offer.PRODUCTS_CNT}</span>,
  },
];

interface Props {
  request: OfferListRequest;
  rows: OfferItem[];
  total: number;
  loading: boolean;
  onChange: (patch: ListParamsPatch) => void;
  /** The manager's variant: a partner column, and rows that open nothing (a manager does not edit a partner's offers). */
  manager?: boolean;
  /** Each row gets its on/off switch (editOffers); `onSwitched` hears which offer, its new flag and its row's place. */
  canSwitch?: boolean;
  onSwitched?: (offer: OfferItem, on: boolean, index: number) => void;
  /** Rows shown only because they were switched here: the filter no longer takes them. */
  outside?: ReadonlySet<number>;
}

/** The offers of the page; a row opens the offer's form (read-only without editOffers). */
export function OffersTable({ request, rows, total, loading, onChange, manager, canSwitch, onSwitched, outside }: Props) {
  const navigate = useNavigate();
  const rest = [...(canSwitch && !manager ? [switchColumn(onSwitched)] : []), typeColumn, stateColumn(outside), ...columns];
  return (
    <div data-testid="offers-table" data-loading={loading ? 'true' : 'false'}>
      <Table<OfferItem>
        rowKey="ID"
        size="middle"
        {...wideTable(manager ? [nameColumn(false), partnerColumn, ...rest] : [nameColumn(true), ...rest])}
        dataSource={rows}
        loading={loading}
        pagination={{
          current: request.p,
          pageSize: request.limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: LIMITS.pageSizeChoices.map(String),
          hideOnSinglePage: false,
        }}
        onChange={(page) => onChange(offerPagePatch(page.current ?? 1, page.pageSize ?? request.limit, request))}
        onRow={(offer) =>
          ({
            'data-testid': 'offer-row',
            'data-id': offer.ID,
            ...(manager ? {} : { style: { cursor: 'pointer' }, onClick: () => void navigate(`/partner/offers/edit/${offer.ID}`) }),
          }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: <span data-testid="offers-empty">{OFFER_MSG.empty}</span> }}
      />
    </div>
  );
}
