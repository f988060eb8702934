import { Button, Switch } from 'antd';
import { PoweroffOutlined } from '@ant-design/icons';
import { OFFER_MSG } from '@b2b/contracts/offers';
import { errorText } from '@/api/error-text';
import { useSwitchOffer } from '@/features/offers/api/offers-api';
import { OFFERS_UI as T } from '@/features/offers/offers-text';
import { notifyError, notifySuccess } from '@/shared/ui/notify';

/**
 * Switching an offer on or off (§4): POST offer/{id}/ with changedStateOffer=Y and status ON or OFF, the offer keeping
 * its other parameters; the answer's MESSAGE or its errors show as a notification.
 */
function useOfferToggle(id: number, on: boolean, onSwitched?: (on: boolean) => void) {
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
  return { toggle, pending: switcher.isPending };
}

/** «Включить акцию» / «Выключить акцию» on the offer's form. */
export function OfferSwitch({ id, on, onSwitched }: { id: number; on: boolean; onSwitched?: (on: boolean) => void }) {
  const { toggle, pending } = useOfferToggle(id, on, onSwitched);
  return (
    <Button icon={<PoweroffOutlined />} danger={on} loading={pending} onClick={toggle} data-testid="offer-switch" data-on={on ? 'Y' : 'N'}>
      {on ? T.switchOff : T.switchOn}
    </Button>
  );
}

/** The on/off switch of a list row (editOffers): a click switches the offer and does not open its form. */
export function OfferRowSwitch({ id, on, onSwitched }: { id: number; on: boolean; onSwitched?: (on: boolean) => void }) {
  const { toggle, pending } = useOfferToggle(id, on, onSwitched);
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Switch
        size="small"
        checked={on}
        loading={pending}
        onChange={toggle}
        aria-label={on ? T.switchOff : T.switchOn}
        title={on ? T.switchOff : T.switchOn}
        data-testid="offer-row-switch"
        data-on={on ? 'Y' : 'N'}
      />
    </span>
  );
}
