import { useState } from 'react';
import { App, Button, Input, Popconfirm, Space, Typography } from 'antd';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { PRICING_MSG, type PricingSection } from '@b2b/contracts/pricing';
import { useSaveSection } from '@/features/pricing/api/pricing-api';
import { formatPercent, isPercent } from '@/features/pricing/panel/percent-text';
import type { PanelTarget } from '@/features/pricing/panel/price-file-target';
import { PANEL_UI as T } from '@/features/pricing/panel/pricing-panel-text';
import { cleanPercentInput } from '@/shared/inputs/percent';
import { notifySuccess } from '@/shared/ui/notify';
import { formatPercent as formatPercentText } from '@/shared/formatters/format-number';

const WARNING_KEY = 'section-individual-warning';

/**
 * The selected section's markup. A list or column edits it (§4: on success the tree and products reload; when the
 * section's products have their own rates a warning says so and offers to delete them); a client's page reads its
 * list's percent.
 */
export function SectionRate({ target, section, editable }: { target: PanelTarget; section: PricingSection; editable: boolean }) {
  const [value, setValue] = useState(() => formatPercent(section.PERCENT).replace(',', '.'));
  const [error, setError] = useState<string | null>(null);
  const save = useSaveSection(target);
  const { notification } = App.useApp();
  const shown = formatPercent(section.PERCENT);

  if (!editable) {
    return (
      <Typography.Paragraph data-testid="section-rate-readonly" style={{ marginBottom: 12 }}>
        {target.type === 'client' ? T.sectionRateOfList : T.sectionRate}:{' '}
        <Typography.Text strong>{shown ? formatPercentText(section.PERCENT) : T.noRate}</Typography.Text>
      </Typography.Paragraph>
    );
  }

  const deleteIndividual = async () => {
    notification.destroy(WARNING_KEY);
    const answer = await save.mutateAsync({ sectionId: section.ID, body: { delete_individual: 'Y' } });
    notifySuccess(answer.MESSAGE ?? PRICING_MSG.individualDeleted);
  };

  const send = async (body: { section_rate?: string; delete?: 'Y' }) => {
    const answer = await save.mutateAsync({ sectionId: section.ID, body });
    if (body.delete) setValue('');
    if (answer.HAS_INDIVIDUAL !== 'Y') {
      notifySuccess(answer.MESSAGE ?? PRICING_MSG.sectionSaved);
      return;
    }
    notification.warning({
      key: WARNING_KEY,
      title: answer.MESSAGE ?? PRICING_MSG.sectionHasIndividual,
      duration: 10,
      props: { 'data-testid': 'section-individual-warning' },
      actions: (
        <Button size="small" danger onClick={deleteIndividual} data-testid="section-individual-delete">
          {T.deleteIndividual}
        </Button>
      ),
    });
  };

  const submit = () => {
    if (!isPercent(value)) {
      setError(PRICING_MSG.percentInvalid);
      return;
    }
    void send({ section_rate: value });
  };

  return (
    <div style={{ marginBottom: 12 }} data-testid="section-rate">
      <Space wrap align="center">
        <Typography.Text>{T.sectionRate}</Typography.Text>
        <Input
          data-testid="section-rate-input"
          placeholder={T.noRate}
          suffix="%"
          value={value}
          status={error ? 'error' : undefined}
          style={{ width: 140 }}
          onChange={(e) => {
            setValue(cleanPercentInput(e.target.value));
            setError(null);
          }}
          onPressEnter={submit}
        />
        <Button type="primary" onClick={submit} loading={save.isPending} data-testid="section-rate-save">
          {ACTION_LABEL.save}
        </Button>
        {section.PERCENT !== null && (
          <Popconfirm title={T.clearRateConfirm} okText={T.yes} cancelText={T.no} onConfirm={() => send({ delete: 'Y' })}>
            <Button data-testid="section-rate-clear">{T.clearRate}</Button>
          </Popconfirm>
        )}
        {section.HAS_INDIVIDUAL === 'Y' && (
          <Popconfirm title={T.deleteIndividualConfirm} okText={T.yes} cancelText={T.no} onConfirm={deleteIndividual}>
            <Button danger data-testid="section-individual-delete-all">
              {T.deleteIndividual}
            </Button>
          </Popconfirm>
        )}
      </Space>
      {error && (
        <div className="ant-form-item-explain-error" data-testid="section-rate-error" style={{ marginTop: 4 }}>
          {error}
        </div>
      )}
    </div>
  );
}
