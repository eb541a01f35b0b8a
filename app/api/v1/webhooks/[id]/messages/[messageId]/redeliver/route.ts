import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { redeliver as POST } from '@/lib/server/http/endpoints/webhooks';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
