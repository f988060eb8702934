import { useState } from 'react';
import { Alert, type FormInstance } from 'antd';
import { placeLoyaltyErrors } from '@/features/loyalty/loyalty-errors';
import { notifySuccess } from '@/shared/ui/notify';

/**
 * The save of a loyalty form: a refused one puts each error on its field (a list's on its cell) and keeps the first
 * message to show above the buttons; a done one says the answer's MESSAGE. Resolves whether it was done.
 */
export function useLoyaltySave(form: FormInstance, fieldNames: readonly string[]) {
  const [failure, setFailure] = useState<string | null>(null);
  return {
    failure,
    async run(save: () => Promise<{ MESSAGE?: string }>, doneText: string): Promise<boolean> {
      setFailure(null);
      try {
        const answer = await save();
        notifySuccess(answer.MESSAGE || doneText);
        return true;
      } catch (error) {
        const placed = placeLoyaltyErrors(error, fieldNames);
        form.setFields(placed.fields);
        setFailure(placed.first);
        return false;
      }
    },
  };
}

/** The first message of a refused save (§8), above the form's buttons. */
export function FirstError({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return <Alert type="error" showIcon style={{ marginBottom: 16 }} title={text} data-testid={testId} />;
}
