import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { list as GET } from '@/lib/server/http/endpoints/changes';

// The history is append-only (SPEC §2): no operation writes it, so every other method is 405.
export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
