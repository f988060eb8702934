import { App } from 'antd';
import { clientGroupAnswer, membersMessage, type ClientGroupAnswer } from '@b2b/contracts/clients';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';
import { useChangeMembers } from '@/features/clients/api/groups-api';
import { CLIENTS_UI } from '@/features/clients/clients-text';

type MembersInfo = ClientGroupAnswer['INFO'];

/**
 * The modals that tell what became of a group membership change (back-office.md §2: "with a success or failure
 * modal"; §8: "Client add errors show as a failure modal"): the spec's message for what was done, or the clients
 * that could not be (INFO.ERRORS) with why.
 */
export function useMembersFeedback() {
  const { modal } = App.useApp();

  const showErrors = (info: MembersInfo | undefined, names: Map<number, string>, remove: boolean, fallback: string) => {
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

  const showSuccess = (message: string) => modal.success({ title: message, okButtonProps: { 'data-testid': 'members-success-ok' } });

  /** The outcome of a change that went through: failures when some clients were refused, else the success. */
  const showOutcome = (info: MembersInfo, names: Map<number, string>, remove: boolean, message?: string) => {
    if (info.ERRORS.length) showErrors(info, names, remove, '');
    else if (info.DONE.length) showSuccess(message ?? membersMessage(info.DONE.length, remove));
  };

  return { showErrors, showOutcome };
}

/** Adds clients to a group or removes them, then tells the user in a modal. Answers whether the call went through. */
export function useChangeMembersWithFeedback() {
  const mutation = useChangeMembers();
  const { showErrors, showOutcome } = useMembersFeedback();

  const change = async (groupId: number, clients: number[], remove: boolean, names = new Map<number, string>()) => {
    try {
      const answer = await mutation.mutateAsync({ groupId, clients, remove });
      showOutcome(answer.INFO, names, remove, answer.MESSAGE);
      return true;
    } catch (error) {
      const refused = isApiError(error) ? clientGroupAnswer.safeParse(error.body) : undefined;
      const info = refused?.success ? refused.data.INFO : undefined;
      showErrors(info, names, remove, errorText(error));
      return false;
    }
  };

  return { change, pending: mutation.isPending };
}
