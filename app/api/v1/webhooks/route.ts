import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { list as GET, create as POST } from '@/lib/server/http/endpoints/webhooks';

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
