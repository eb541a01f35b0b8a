import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { login as POST } from '@/lib/server/http/endpoints/auth';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
