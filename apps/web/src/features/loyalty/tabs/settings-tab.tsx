import { useEffect } from 'react';
import { Alert, Button, Checkbox, Form, Input, Select } from 'antd';
import { useNavigate } from 'react-router';
import { LIMITS } from '@b2b/contracts/limits';
import { LOYALTY_MSG, LOYALTY_VISIBILITY, LOYALTY_VISIBILITY_LABEL, type LoyaltyProgram, type LoyaltyVisibility } from '@b2b/contracts/loyalty';
import { ACTION_LABEL } from '@b2b/contracts/messages';
import { useLoyaltyShop, useSaveLoyaltySettings } from '@/features/loyalty/api/loyalty-api';
import { LoyaltyFileField } from '@/features/loyalty/components/loyalty-file-field';
import { FirstError, useLoyaltySave } from '@/features/loyalty/components/use-loyalty-save';
import { type FileChange, fileParts, LOGO_EXTENSIONS } from '@/features/loyalty/loyalty-files';
import { LOYALTY_UI } from '@/features/loyalty/loyalty-text';
import { cleanMoneyInput } from '@/shared/inputs/money';
import { useSession } from '@/shared/auth/session-context';

const T = LOYALTY_UI.settings;

interface SettingsValues {
  title: string;
  description: string;
  visability: LoyaltyVisibility;
  burn_days: string;
  logo: FileChange;
  offer_file: FileChange;
}

const FIELDS = ['title', 'description', 'visability', 'burn_days', 'logo', 'offer_file'] as const;

const VISIBILITY_OPTIONS = LOYALTY_VISIBILITY.map((value) => ({ value, label: LOYALTY_VISIBILITY_LABEL[value] }));

const valuesOf = (program: LoyaltyProgram): SettingsValues => ({
  title: program.TITLE,
  description: program.DESCRIPTION,
  visability: program.VISABILITY,
  burn_days: String(program.BURN_DAYS),
  logo: null,
  offer_file: null,
});

/**
 * Настройки (shop-pricing-offers-loyalty.md §3 Loyalty programme, §5): the title (required, at most 35 characters),
 * description, default visibility, burn days, logo and offer files. Before installation the form holds the DEFAULT
 * values and its button installs the programme. Including new clients is shown but no role may switch it on (§6).
 */
export function SettingsTab() {
  const { rights } = useSession();
  const navigate = useNavigate();
  const shop = useLoyaltyShop();
  const save = useSaveLoyaltySettings();
  const [form] = Form.useForm<SettingsValues>();
  const saving = useLoyaltySave(form, FIELDS);
  const installed = shop.data?.INSTALLED === 'Y';
  const program = shop.data ? (shop.data.ITEM ?? shop.data.DEFAULT) : null;
  const canEdit = !!rights?.editLoyaltySettings;

  useEffect(() => {
    if (program) form.setFieldsValue(valuesOf(program));
  }, [program, form]);

  if (!program) return null;
  if (!installed && !canEdit)
    return (
      <Alert type="info" showIcon title={LOYALTY_MSG.notInstalled} description={LOYALTY_UI.notInstalledReader} data-testid="loyalty-not-installed" />
    );

  const submit = async (values: SettingsValues) => {
    const body = {
      title: values.title.trim(),
      description: values.description ?? '',
      visability: values.visability,
      burn_days: values.burn_days ?? '',
      ...fileParts('logo', values.logo),
      ...fileParts('offer_file', values.offer_file),
    };
    const done = await saving.run(() => save.mutateAsync(body), installed ? LOYALTY_MSG.saved : LOYALTY_MSG.installed);
    // §4: an installation refetches the programme and opens its settings.
    if (done && !installed) void navigate('/partner/loyalty/settings', { replace: true });
  };

  return (
    <Form<SettingsValues>
      form={form}
      layout="vertical"
      disabled={!canEdit || save.isPending}
      onFinish={(values) => void submit(values)}
      style={{ maxWidth: 640 }}
      data-testid="loyalty-settings-form"
    >
      {!installed && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={LOYALTY_MSG.notInstalled}
          description={LOYALTY_UI.notInstalledHint}
          data-testid="loyalty-not-installed"
        />
      )}
      <Form.Item
        name="title"
        label={T.title}
        rules={[
          { required: true, whitespace: true, message: LOYALTY_MSG.titleRequired },
          { max: LIMITS.loyaltyTitleMax, message: LOYALTY_MSG.titleMax },
        ]}
      >
        <Input data-testid="loyalty-title" showCount={{ formatter: ({ count }) => `${count} / ${LIMITS.loyaltyTitleMax}` }} />
      </Form.Item>
      <Form.Item name="description" label={T.description}>
        <Input.TextArea rows={4} data-testid="loyalty-description" />
      </Form.Item>
      <Form.Item name="visability" label={T.visability}>
        <Select options={VISIBILITY_OPTIONS} data-testid="loyalty-visability" style={{ maxWidth: 320 }} />
      </Form.Item>
      <Form.Item name="burn_days" label={T.burnDays} extra={T.burnDaysHint} normalize={(v: string) => cleanMoneyInput(v ?? '', 0)}>
        <Input inputMode="numeric" data-testid="loyalty-burn-days" style={{ maxWidth: 160 }} />
      </Form.Item>
      <Form.Item name="logo" label={T.logo}>
        <LoyaltyFileField stored={program.LOGO} extensions={LOGO_EXTENSIONS} testId="loyalty-logo" />
      </Form.Item>
      <Form.Item name="offer_file" label={T.offerFile}>
        <LoyaltyFileField stored={program.OFFER_FILE} testId="loyalty-offer-file" />
      </Form.Item>
      <Form.Item extra={LOYALTY_MSG.setNewClientsForbidden}>
        <Checkbox checked={program.SET_NEW_CLIENTS === 'Y'} disabled data-testid="loyalty-set-new-clients">
          {T.setNewClients}
        </Checkbox>
      </Form.Item>
      <FirstError text={saving.failure} testId="loyalty-settings-error" />
      {canEdit && (
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="loyalty-settings-save">
          {installed ? ACTION_LABEL.save : LOYALTY_UI.install}
        </Button>
      )}
    </Form>
  );
}
