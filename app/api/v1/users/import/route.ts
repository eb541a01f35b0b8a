import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { users as POST } from '@/lib/server/http/endpoints/imports';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
