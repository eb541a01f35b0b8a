import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { status as GET } from '@/lib/server/http/endpoints/mfa';

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
