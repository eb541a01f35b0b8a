import 'server-only';
import { notFound } from 'next/navigation';
import { uuidSchema } from '@/lib/schemas/common';

/**
 * The `[id]` of a record page. Anything but a UUID names no record: the 404 page at once, before
 * the API is asked (a path such as `/accounts/x.css` must not become an API path at all).
 */
export async function recordId(params: Promise<{ id: string }>): Promise<string> {
  const { id } = await params;
  const parsed = uuidSchema.safeParse(id);
  if (!parsed.success) notFound();
  return parsed.data;
}
