import { App } from 'antd';
import type { ClientGroupAnswer } from '@b2b/contracts/clients';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useChangeMembers } from '@/features/clients/api/groups-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';
import { notifySuccess } from '@/shared/ui/notify';

/**
 * Adds clients to a group or removes them, then tells the user: the spec's notification for what was done,
 * a failure modal listing the clients that could not be (INFO.ERRORS). Answers whether anything was done.
 */
export function useChangeMembersWithFeedback() {
  const { modal } = App.useApp();
  const mutation = useChangeMembers();

  const showErrors = (info: ClientGroupAnswer['INFO'] | undefined, names: Map<number, string>, remove: boolean, fallback: string) => {
    const errors = info?.ERRORS ?? [];
    modal.error({
      title: remove ? CLIENTS_UI.removeFailedTitle : CLIENTS_UI.addFailedTitle,
      okButtonProps: { 'data-testid': 'members-errors-ok' },
      content: (
        <ul data-testid="members-errors">
          {errors.length ? errors.map((e) => <li key={e.ID}>{`${names.get(e.ID) ?? `№ ${e.ID}`}: ${e.MESSAGE}`}</li>) : <li>{fallback}</li>}
        </ul>
      ),
    });
  };

  const change = async (groupId: number, clients: number[], remove: boolean, names = new Map<number, string>()) => {
    try {
      const answer = await mutation.mutateAsync({ groupId, clients, remove });
      if (answer.MESSAGE) notifySuccess(answer.MESSAGE);
      if (answer.INFO.ERRORS.length) showErrors(answer.INFO, names, remove, '');
      return true;
    } catch (error) {
      const info = isApiError(error) ? (error.body as Partial<ClientGroupAnswer> | undefined)?.INFO : undefined;
      showErrors(info, names, remove, errorText(error));
      return false;
    }
  };

  return { change, pending: mutation.isPending };
}
