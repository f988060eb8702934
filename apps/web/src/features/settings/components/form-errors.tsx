import { useState } from 'react';
import { Alert, type FormInstance } from 'antd';
import { notifySuccess } from '@/shared/ui/notify';
import { placeErrors } from '@/features/settings/server-errors';

/**
 * The save of a settings form: SUCCESS "N" errors go under their fields, the others above the buttons; a success
 * says the answer's MESSAGE.
 */
export function useFormSave(form: FormInstance, fieldNames: readonly string[], aliases: Record<string, string> = {}) {
  const [other, setOther] = useState<string[]>([]);
  return {
    other,
    async run(save: () => Promise<{ MESSAGE?: string }>, successText: string): Promise<void> {
      setOther([]);
      try {
        const answer = await save();
        notifySuccess(answer.MESSAGE ?? successText);
      } catch (error) {
        const placed = placeErrors(error, fieldNames, aliases);
        form.setFields(placed.fields);
        setOther(placed.other);
      }
    },
  };
}

export function FormAlerts({ messages, testId }: { messages: string[]; testId?: string }) {
  if (!messages.length) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} data-testid={testId} title={messages.join('\n')} />;
}
