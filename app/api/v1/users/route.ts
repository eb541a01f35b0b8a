import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { list as GET, invite as POST } from '@/lib/server/http/endpoints/users';

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
