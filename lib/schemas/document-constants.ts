/** The documents' categories and limits without zod, for client components (issue 15); `document.ts` adds the schemas. */
export const DOCUMENT_CATEGORIES = [
  'contract',
  'policy',
  'benefit_overview',
  'invoice',
  'employee_list',
  'other',
] as const;

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_DESCRIPTION_MAX = 5000;
