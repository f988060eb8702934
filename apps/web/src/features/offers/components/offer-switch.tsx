import { Button } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { OFFER_MSG } from '@b2b/contracts/offers';
import { errorText } from '@/api/error-text';
import { useSwitchOffer } from '@/features/offers/api/offers-api';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { notifyError, notifySuccess } from '@/shared/ui/notify';

/**
 * «Включить акцию» / «Выключить акцию» (§4): POST offer/{id}/ with changedStateOffer=Y and status ON or OFF, the
 * offer keeping its other parameters; the answer's MESSAGE or its errors show as a notification.
 */
export function OfferSwitch({ id, on, onSwitched }: { id: number; on: boolean; onSwitched?: (on: boolean) => void }) {
  const switcher = useSwitchOffer();
  const toggle = () =>
    switcher.mutate(
      { id, on: !on },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.MESSAGE ?? (on ? OFFER_MSG.switchedOff : OFFER_MSG.switchedOn));
          onSwitched?.(!on);
        },
        onError: (error) => notifyError(errorText(error)),
      },
    );
  return (
    <Button
      icon={<PoweroffOutlined />}
      danger={on}
      loading={switcher.isPending}
      onClick={toggle}
      data-testid="offer-switch"
      data-on={on ? 'Y' : 'N'}
    >
      {on ? T.switchOff : T.switchOn}
    </Button>
  );
}
