import { useState } from 'react';
import type { OfferCard } from '@b2b/contracts/offers';
import type { FileChange } from '@/features/offers/offer-form-values';

export type StoredFile = OfferCard['XLS_FILE'];

/** What a file control of the offer form gets from its Form.Item, and the file stored now. */
export interface FileFieldProps {
  stored: StoredFile;
  value?: FileChange;
  onChange?: (v: FileChange) => void;
  disabled?: boolean;
}

/**
 * A file field's choice: the file chosen (checked first: a refused one is not taken, and why shows), whether the
 * stored one is removed, and the remove action (back to nothing chosen when nothing is stored).
 */
export function useFileChoice({ stored, value, onChange }: FileFieldProps, problemOf: (file: File) => string | null) {
  const [refused, setRefused] = useState<string | null>(null);
  const chosen = value && 'file' in value ? value.file : null;
  const removed = !!value && 'remove' in value;
  return {
    chosen,
    removed,
    refused,
    pick(file: File) {
      const problem = problemOf(file);
      setRefused(problem);
      if (!problem) onChange?.({ file });
    },
    remove: () => onChange?.(stored ? { remove: true } : null),
  };
}
