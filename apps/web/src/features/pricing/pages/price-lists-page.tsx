import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Skeleton, Space } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICE_LIST_KIND, type PriceListId, type PriceListItem, type PriceListsAnswer, type PriceListType } from '@b2b/contracts/price-lists';
import { errorText } from '@/api/error-text';
import { usePriceLists } from '@/features/pricing/api/price-lists-api';
import { PriceListCopyModal } from '@/features/pricing/components/price-list-copy-modal';
import { PriceListFormModal } from '@/features/pricing/components/price-list-form-modal';
import { PriceListMenu } from '@/features/pricing/components/price-list-menu';
import { PricePanel } from '@/features/pricing/components/price-panel';
import { useConfirmDeletePriceList } from '@/features/pricing/components/use-confirm-delete-price-list';
import { pickSelected, SELECTED_PRICE_COOKIE } from '@/features/pricing/price-list-selection';
import { PRICE_LISTS_UI, ROUNDING_LABEL, UNIT_LABEL } from '@/features/pricing/price-lists-text';
import { useSession } from '@/shared/auth/session-context';
import { getCookie, removeCookie, setCookie } from '@/shared/cookies';

/** The selected list's settings and who uses it. */
function PriceListSummary({ item, data }: { item: PriceListItem; data: PriceListsAnswer }) {
  const priceType = data.ENTITIES.PRICE_TYPE.find((p) => p.CODE === item.PRICE_TYPE)?.NAME ?? item.PRICE_TYPE;
  return (
    <Descriptions size="small" column={3} data-testid="price-list-summary" style={{ marginBottom: 16 }}>
      <Descriptions.Item label={PRICE_LISTS_UI.sectionRate}>
        <span data-testid="price-list-summary-rate">{item.SECTION_RATE ?? PRICE_LISTS_UI.noRate}</span>
      </Descriptions.Item>
      <Descriptions.Item label={PRICE_LISTS_UI.priceType}>{priceType}</Descriptions.Item>
      <Descriptions.Item label={PRICE_LISTS_UI.rounding}>{ROUNDING_LABEL[item.ROUNDING]}</Descriptions.Item>
      <Descriptions.Item label={PRICE_LISTS_UI.unit}>{UNIT_LABEL[item.UNIT]}</Descriptions.Item>
      <Descriptions.Item label={PRICE_LISTS_UI.clients}>{item.CLIENTS_CNT}</Descriptions.Item>
      <Descriptions.Item label={PRICE_LISTS_UI.groups}>{item.GROUPS_CNT}</Descriptions.Item>
    </Descriptions>
  );
}

/**
 * The tabs Прайсы and Колонки цен (/partner/pricing/pricelist, /column; ?id names the one shown, as after a copy):
 * the lists as a menu, the selected one kept in its cookie (the base list, or the first column, when the kept one
 * is gone), its pricing below; create, edit, copy and delete for those who may edit price settings.
 */
export function PriceListsPage({ type }: { type: PriceListType }) {
  const kind = PRICE_LIST_KIND[type];
  const cookie = SELECTED_PRICE_COOKIE[type];
  const canEdit = useSession().rights?.editPriceSettings === true;
  const query = usePriceLists();
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  const [form, setForm] = useState<'create' | 'edit' | null>(null);
  const [copyOf, setCopyOf] = useState<PriceListItem>();

  const data = query.data;
  const items = data ? (kind === 'COLUMN' ? data.COLUMNS : data.PRICELISTS) : [];
  const selectedId = data ? pickSelected(type, items, [search.get('id'), getCookie(cookie)]) : undefined;
  const selected = items.find((i) => i.ID === selectedId);

  // After a fetch the selected id is kept in the cookie (§4).
  useEffect(() => {
    if (selectedId !== undefined && getCookie(cookie) !== String(selectedId)) setCookie(cookie, String(selectedId), 'partner');
  }, [cookie, selectedId]);

  const select = (id: PriceListId) => setSearch({ id: String(id) }, { replace: true });
  const confirmDelete = useConfirmDeletePriceList(type, (deleted) => {
    // The kept state of the deleted one goes: the base list (the first column) is shown instead.
    if (getCookie(cookie) === String(deleted.ID)) removeCookie(cookie);
    setSearch({}, { replace: true });
  });

  if (query.error) return <Alert type="error" showIcon title={errorText(query.error)} />;
  if (!data) return <Skeleton active />;

  return (
    <Flex gap={24} align="flex-start" wrap data-testid={`price-lists-${type}`}>
      <Card size="small" title={PRICE_LISTS_UI.listTitle[kind]} style={{ width: 300 }} styles={{ body: { padding: 4 } }}>
        <PriceListMenu kind={kind} items={items} lists={data.PRICELISTS} selected={selectedId} onSelect={select} />
      </Card>
      <div style={{ flex: 1, minWidth: 320 }}>
        {canEdit && (
          <Space wrap style={{ marginBottom: 16 }}>
            <Button type="primary" onClick={() => setForm('create')} data-testid="price-list-create">
              {PRICE_LISTS_UI.create[kind]}
            </Button>
            {selected && (
              <>
                <Button onClick={() => setForm('edit')} data-testid="price-list-edit">
                  {ACTION_LABEL.edit}
                </Button>
                <Button onClick={() => setCopyOf(selected)} data-testid="price-list-copy">
                  {PRICE_LISTS_UI.copy}
                </Button>
                <Button
                  danger
                  disabled={selected.IS_BASE === 'Y'}
                  title={selected.IS_BASE === 'Y' ? PRICE_LISTS_UI.baseNotDeletable : undefined}
                  onClick={() => confirmDelete(selected)}
                  data-testid="price-list-delete"
                >
                  {ACTION_LABEL.delete}
                </Button>
              </>
            )}
          </Space>
        )}
        {selected && (
          <>
            <PriceListSummary item={selected} data={data} />
            <PricePanel key={`${type}-${selected.ID}`} type={type} id={selected.ID} />
          </>
        )}
      </div>
      <PriceListFormModal
        type={type}
        open={form !== null}
        item={form === 'edit' ? selected : undefined}
        data={data}
        onClose={() => setForm(null)}
        onSaved={(answer) => form === 'create' && select(answer.ID)}
      />
      <PriceListCopyModal
        type={type}
        item={copyOf}
        onClose={() => setCopyOf(undefined)}
        onCopied={(answer) => navigate(`/partner/pricing/${type}?id=${answer.ID}`)}
      />
    </Flex>
  );
}
