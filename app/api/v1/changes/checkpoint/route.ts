import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { checkpoint as POST } from '@/lib/server/http/endpoints/changes';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
