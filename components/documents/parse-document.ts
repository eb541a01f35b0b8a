import type { Document } from '@/lib/schemas/document';

/**
 * A document from an API answer, or `undefined` when the body is not one. The schema (and zod)
 * load with `import()` when an answer arrives, so they stay out of the page's first load (issue 15);
 * should that load fail, the answer counts as not parsed.
 */
export async function parseDocument(body: unknown): Promise<Document | undefined> {
  const schemas = await import('@/lib/schemas/document').catch(() => undefined);
  return schemas?.documentSchema.safeParse(body).data;
}
