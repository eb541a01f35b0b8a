import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { views as GET, createView as POST } from '@/lib/server/http/endpoints/profile';

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
