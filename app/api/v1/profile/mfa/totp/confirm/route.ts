import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { totpConfirm as POST } from '@/lib/server/http/endpoints/mfa';

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
