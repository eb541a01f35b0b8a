import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { confirmEmail as POST } from '@/lib/server/http/endpoints/identity';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
