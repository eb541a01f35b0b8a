import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { totpStart as POST, totpDisable as DELETE } from '@/lib/server/http/endpoints/mfa';

export const { GET, PATCH, PUT, OPTIONS } = otherMethods('POST', 'DELETE');
