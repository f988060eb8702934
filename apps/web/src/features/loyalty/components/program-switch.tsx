import { Flex, Switch, Typography } from 'antd';
import { LOYALTY_MSG } from '@b2b/contracts/loyalty';
import { useSwitchLoyalty } from '@/features/loyalty/api/loyalty-api';
import { placeLoyaltyErrors } from '@/features/loyalty/loyalty-errors';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { notifyError, notifySuccess } from '@/shared/ui/notify';

/**
 * The installed programme's on/off switch (§4: the on flag is STATUS=Y; a change refetches the status): the answer's
 * MESSAGE, or its first error. Only for who edits the settings; others see the state.
 */
export function ProgramSwitch({ on, canSwitch }: { on: boolean; canSwitch: boolean }) {
  const toggle = useSwitchLoyalty();
  const change = async (next: boolean) => {
    try {
      const answer = await toggle.mutateAsync(next);
      notifySuccess(answer.MESSAGE || (next ? LOYALTY_MSG.switchedOn : LOYALTY_MSG.switchedOff));
    } catch (error) {
      notifyError(placeLoyaltyErrors(error, []).first);
    }
  };
  return (
    <Flex gap={8} align="center" data-testid="loyalty-switch-box">
      <Typography.Text>{LOYALTY_UI.switchLabel}</Typography.Text>
      <Switch
        checked={on}
        loading={toggle.isPending}
        disabled={!canSwitch}
        onChange={(next) => void change(next)}
        checkedChildren={LOYALTY_UI.switchOn}
        unCheckedChildren={LOYALTY_UI.switchOff}
        data-testid="loyalty-switch"
      />
    </Flex>
  );
}
