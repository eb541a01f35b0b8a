import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { user as POST } from '@/lib/server/http/endpoints/restore-state';

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
