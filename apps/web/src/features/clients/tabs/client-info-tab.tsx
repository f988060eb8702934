import { useState } from 'react';
import { formatPhone } from '@b2b/contracts/phone-format';
import { Alert, Button, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { ClientCard } from '@b2b/contracts/clients';
import { errorText } from '@/api/error-text';
import { useClientCard } from '@/features/clients/api/clients-api';
import { downloadFile } from '@/api/download-export';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { AddToGroupModal } from '@/features/clients/components/add-to-group-modal';
import { useClientId } from '@/features/clients/pages/client-card-page';
import { formatDate, formatDateTime } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';
import { PLURAL, countRu } from '@b2b/contracts/plural-ru';
import { capitaliseWords } from '@/shared/inputs/names';
import { useSession } from '@/shared/auth/session-context';
import { CounterCard } from '@/shared/ui/counter-card';
import { notifyError } from '@/shared/ui/notify';

const personName = (u: NonNullable<ClientCard['CLIENT_USER']>) => capitaliseWords([u.SURNAME, u.NAME, u.MIDDLE_NAME].filter(Boolean).join(' '));
const phone = (p: string | null | undefined) => formatPhone(p);

/** Общая информация: order figures, contacts (names capitalised, phones formatted), INN, legal entity, files, groups. */
export function ClientInfoTab() {
  const card = useClientCard(useClientId()!);
  if (card.error) return <Alert type="error" showIcon title={errorText(card.error)} />;
  if (!card.data) return <Skeleton active />;
  const c = card.data;
  return (
    <div data-testid="client-info">
      {c.BLACKLIST === 'Y' && (
        <Alert
          type="warning"
          showIcon
          title={CLIENTS_UI.blacklisted(formatDate(c.BLACKLIST_DATE))}
          style={{ marginBottom: 16 }}
          data-testid="client-blacklisted"
        />
      )}
      <Flex gap={16} wrap style={{ marginBottom: 24 }}>
        <CounterCard title={CLIENTS_UI.ordersCount} value={countRu(c.ORDERS_COUNT, PLURAL.order)} testId="client-orders-count" />
        <CounterCard title={CLIENTS_UI.ordersSum} value={formatMoney(c.ORDERS_SUM)} testId="client-orders-sum" />
        <CounterCard title={CLIENTS_UI.ordersAverage} value={formatMoney(c.ORDERS_AVERAGE)} testId="client-orders-average" />
      </Flex>
      <Descriptions bordered column={1} size="small" data-testid="client-details">
        <Descriptions.Item label={CLIENTS_UI.inn}>{c.INN}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.legalEntity}>{c.LEGAL_ENTITY === 'Y' ? CLIENTS_UI.yes : CLIENTS_UI.no}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.registered}>{formatDateTime(c.REGISTRATION_DATE)}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.contactPerson}>
          <span data-testid="client-contact">{c.CLIENT_USER ? personName(c.CLIENT_USER) : ''}</span>
        </Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.phone}>
          <span data-testid="client-phone">{[phone(c.CLIENT_USER?.PHONE), phone(c.PHONE)].filter(Boolean).join(', ')}</span>
        </Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.email}>{[c.CLIENT_USER?.EMAIL, c.EMAIL].filter(Boolean).join(', ')}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.address}>{c.ADDRESS}</Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.lastOrder}>
          {c.LAST_ORDER && (
            <Link to={`/partner/orderlist/${c.LAST_ORDER.ID}`}>
              {CLIENTS_UI.lastOrderOf(c.LAST_ORDER.ORDER_NUMBER, formatDate(c.LAST_ORDER.CREATE_DATE))} · {c.LAST_ORDER.STATUS.STATUS_NAME}
            </Link>
          )}
        </Descriptions.Item>
        {c.PRICE_TYPE && (
          <Descriptions.Item label={CLIENTS_UI.priceType}>{[c.PRICE_TYPE.NAME, c.COLUMN?.NAME].filter(Boolean).join(' / ')}</Descriptions.Item>
        )}
        <Descriptions.Item label={CLIENTS_UI.groups}>
          <span data-testid="client-groups">
            {c.GROUP.length
              ? c.GROUP.map((g) => (
                  <Tag key={g.ID}>
                    <Link to={`/partner/clients/groups/${g.ID}`}>{g.NAME}</Link>
                  </Tag>
                ))
              : CLIENTS_UI.noGroups}
          </span>
          <AddToGroupButton client={c} />
        </Descriptions.Item>
        <Descriptions.Item label={CLIENTS_UI.files}>
          <FileLinks files={c.FILES} />
        </Descriptions.Item>
      </Descriptions>
    </div>
  );
}

/** Adds this client to a group (ADMIN, CLIENTS, the owner); a blacklisted client cannot be added. */
function AddToGroupButton({ client }: { client: ClientCard }) {
  const { rights } = useSession();
  const [open, setOpen] = useState(false);
  if (!rights?.editClients || client.BLACKLIST === 'Y') return null;
  return (
    <>
      <Button size="small" icon={<PlusOutlined />} onClick={() => setOpen(true)} data-testid="client-add-to-group" style={{ marginLeft: 8 }}>
        {CLIENTS_UI.addToGroup}
      </Button>
      <AddToGroupModal open={open} clients={[client]} onClose={() => setOpen(false)} onDone={() => setOpen(false)} />
    </>
  );
}

function FileLinks({ files }: { files: ClientCard['FILES'] }) {
  if (!files.length) return <>{CLIENTS_UI.noFiles}</>;
  return (
    <Flex vertical gap={4} data-testid="client-files">
      {files.map((f) => (
        <Typography.Link key={f.ID} onClick={() => void downloadFile(f.URL, f.NAME).catch((e) => notifyError(errorText(e)))}>
          {f.NAME}
        </Typography.Link>
      ))}
    </Flex>
  );
}
