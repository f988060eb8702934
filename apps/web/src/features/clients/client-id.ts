/** A client or group id in a path is a positive integer; anything else sends the user back to the list. */
export function parseEntityId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
