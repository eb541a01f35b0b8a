import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { changePassword as POST } from '@/lib/server/http/endpoints/profile';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
