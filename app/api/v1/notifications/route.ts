import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { list as GET } from '@/lib/server/http/endpoints/notifications';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
