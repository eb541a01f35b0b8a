import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { read as POST } from '@/lib/server/http/endpoints/notifications';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
