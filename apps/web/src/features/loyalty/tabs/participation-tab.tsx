import { useState } from 'react';
import { Alert, App, Typography } from 'antd';
import { LOYALTY_MSG, type LoyaltyMemberRow } from '@b2b/contracts/loyalty';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { errorText } from '@/api/error-text';
import { useParticipation, useSetParticipation } from '@/features/loyalty/api/loyalty-api';
import { AdjustPointsModal } from '@/features/loyalty/components/adjust-points-modal';
import { ConnectModal } from '@/features/loyalty/components/connect-modal';
import { ParticipationFilters } from '@/features/loyalty/components/participation-filters';
import { type MemberAction, ParticipationTable } from '@/features/loyalty/components/participation-table';
import { SetStatusModal } from '@/features/loyalty/components/set-status-modal';
import { placeLoyaltyErrors } from '@/features/loyalty/loyalty-errors';
import { PARTICIPATION_COOKIE, PARTICIPATION_DEFAULTS, PARTICIPATION_SAVED_KEYS, participationRequest } from '@/features/loyalty/loyalty-list-params';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { useSession } from '@/shared/auth/session-context';
import { useListParams } from '@/shared/list-params/use-list-params';
import { notifyError, notifySuccess } from '@/shared/ui/notify';

const T = LOYALTY_UI.participation;

/** One modal at a time (§4), about one client. */
type OpenModal = { action: Exclude<MemberAction, 'disconnect'>; member: LoyaltyMemberRow } | null;

/**
 * Участие (shop-pricing-offers-loyalty.md §2, §3): the clients with their loyalty rows, searched and filtered, the
 * filters kept in the params_loyalty_participation cookie; a loyalty manager connects and disconnects clients, sets
 * a member's status and credits or writes off points.
 */
export function ParticipationTab() {
  const { rights } = useSession();
  const { modal } = App.useApp();
  const { params, setParams } = useListParams(PARTICIPATION_COOKIE, PARTICIPATION_DEFAULTS, PARTICIPATION_SAVED_KEYS);
  const request = participationRequest(params);
  const list = useParticipation(request);
  const setParticipation = useSetParticipation();
  const [open, setOpen] = useState<OpenModal>(null);
  const nav = list.data?.NAV;
  const statuses = list.data?.ENTITIES.STATUSES ?? [];

  const disconnect = (member: LoyaltyMemberRow) =>
    modal.confirm({
      title: T.disconnect,
      content: T.disconnectConfirm(member.NAME),
      okText: T.disconnect,
      cancelText: ACTION_LABEL.cancel,
      okButtonProps: { danger: true, 'data-testid': 'disconnect-confirm' },
      onOk: async () => {
        try {
          const answer = await setParticipation.mutateAsync({ client_id: member.ID, enabled: false });
          notifySuccess(answer.MESSAGE || LOYALTY_MSG.disabled);
        } catch (error) {
          notifyError(placeLoyaltyErrors(error, []).first);
        }
      },
    });

  const onAction = (action: MemberAction, member: LoyaltyMemberRow) => {
    if (action === 'disconnect') disconnect(member);
    else setOpen({ action, member });
  };

  return (
    <div data-testid="loyalty-participation">
      <ParticipationFilters request={request} statuses={statuses} onChange={setParams} />
      {list.isError ? (
        <Alert type="error" showIcon title={errorText(list.error)} style={{ marginBottom: 12 }} data-testid="participation-error" />
      ) : (
        <Typography.Paragraph type="secondary" data-testid="participation-found" style={{ marginBottom: 8 }}>
          {nav ? T.found(nav.CNT, nav.CNT_ALL) : '\u00a0'}
        </Typography.Paragraph>
      )}
      <ParticipationTable
        request={request}
        rows={list.data?.CLIENTS ?? []}
        total={nav?.CNT ?? 0}
        loading={list.isFetching}
        canManage={!!rights?.manageLoyalty}
        onChange={setParams}
        onAction={onAction}
      />
      {open?.action === 'connect' && <ConnectModal member={open.member} onClose={() => setOpen(null)} />}
      {open?.action === 'status' && <SetStatusModal member={open.member} statuses={statuses} onClose={() => setOpen(null)} />}
      {open?.action === 'adjust' && <AdjustPointsModal member={open.member} onClose={() => setOpen(null)} />}
    </div>
  );
}
