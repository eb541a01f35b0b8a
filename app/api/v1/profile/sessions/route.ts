import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { sessions as GET, endOtherSessions as DELETE } from '@/lib/server/http/endpoints/profile';

export const { POST, PATCH, PUT, OPTIONS } = otherMethods('GET', 'DELETE');
