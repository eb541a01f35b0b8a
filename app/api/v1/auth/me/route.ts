import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { meGet as GET, mePost as POST } from '@/lib/server/http/endpoints/auth';

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
