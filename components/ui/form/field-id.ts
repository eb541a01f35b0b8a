/** The element id of a form field: `benefits.0.amountCents` → `field-benefits-0-amountCents`. */
export function fieldId(name: string): string {
  return `field-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export const errorIdOf = (id: string) => `${id}-error`;
export const helpIdOf = (id: string) => `${id}-help`;
