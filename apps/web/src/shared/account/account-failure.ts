import type { FormInstance } from 'antd';
import { isApiError } from '@/api/api-error';
import { errorText } from '@/api/error-text';

/**
 * The errors of a SUCCESS "N" answer: those naming one of the form's fields go under it, the rest are shown in
 * the page's message area.
 */
export function splitFieldErrors<F extends string>(
  errors: Record<string, string>,
  fields: readonly F[],
): { fields: { name: F; message: string }[]; other: string[] } {
  const known = new Set<string>(fields);
  const out: { name: F; message: string }[] = [];
  const other: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    if (known.has(key)) out.push({ name: key as F, message });
    else other.push(message);
  }
  return { fields: out, other };
}

/**
 * A failed account request (the back office's /login and the shop's account pages): its field errors under the
 * form's fields, the rest (or a transport failure) as the notice above the form; null when there is none.
 */
export function failureNotice<Values>(
  error: unknown,
  fields: readonly (keyof Values & string)[],
  form: Pick<FormInstance<Values>, 'setFields'>,
): { type: 'error'; text: string } | null {
  if (isApiError(error) && error.kind === 'failure') {
    const split = splitFieldErrors(error.errors, fields);
    form.setFields(split.fields.map((f) => ({ name: f.name, errors: [f.message] })) as Parameters<FormInstance<Values>['setFields']>[0]);
    return split.other.length ? { type: 'error', text: split.other.join('\n') } : null;
  }
  return { type: 'error', text: errorText(error, 'login') };
}
