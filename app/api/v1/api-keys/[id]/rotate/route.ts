import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { rotate as POST } from '@/lib/server/http/endpoints/api-keys';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
