import { Alert, Descriptions, Skeleton } from 'antd';
import { errorText } from '@/api/error-text';
import { useClientCard } from '@/features/clients/api/clients-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { useClientId } from '@/features/clients/pages/client-card-page';
import { formatDate } from '@/shared/formatters/format-date';
import { formatMoney } from '@/shared/formatters/format-money';

/** Программа лояльности: whether the client takes part, its balance, status and card. */
export function ClientLoyaltyTab() {
  const card = useClientCard(useClientId()!);
  if (card.error) return <Alert type="error" showIcon title={errorText(card.error)} />;
  if (!card.data) return <Skeleton active />;
  const l = card.data.LOYALTY;
  const member = l?.IS_AVAIL === 'Y';
  return (
    <Descriptions bordered column={1} size="small" data-testid="client-loyalty" style={{ maxWidth: 560 }}>
      <Descriptions.Item label={CLIENTS_UI.loyaltyMember}>
        <span data-testid="client-loyalty-avail">{member ? CLIENTS_UI.connected : CLIENTS_UI.notConnected}</span>
      </Descriptions.Item>
      {member && l && (
        <>
          <Descriptions.Item label={CLIENTS_UI.balance}>
            <span data-testid="client-loyalty-balance">{formatMoney(l.BALANCE)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={CLIENTS_UI.loyaltyStatus}>{l.STATUS}</Descriptions.Item>
          <Descriptions.Item label={CLIENTS_UI.statusUntil}>{formatDate(l.DATE_STATUS_END)}</Descriptions.Item>
          <Descriptions.Item label={CLIENTS_UI.cardCode}>{l.CARD_CODE}</Descriptions.Item>
          <Descriptions.Item label={CLIENTS_UI.accrual}>{l.ENABLED === 'Y' ? CLIENTS_UI.yes : CLIENTS_UI.no}</Descriptions.Item>
          <Descriptions.Item label={CLIENTS_UI.enabledDate}>{formatDate(l.ENABLED_DATE)}</Descriptions.Item>
        </>
      )}
    </Descriptions>
  );
}
