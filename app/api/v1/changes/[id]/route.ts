import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { get as GET } from '@/lib/server/http/endpoints/changes';

// The history is append-only (SPEC §2): a change can be neither edited nor deleted.
export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
