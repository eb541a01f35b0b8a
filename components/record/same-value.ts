/** Whether two values of a field mean the same; surrounding spaces and `''`/`null` do not count. */
export function isSameValue(left: unknown, right: unknown): boolean {
  const normalise = (value: unknown) => (typeof value === 'string' ? value.trim() : (value ?? ''));
  return normalise(left) === normalise(right);
}
