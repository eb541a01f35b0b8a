import { otherMethods } from '@/lib/server/http/method-not-allowed';

export { passkeyRemove as DELETE } from '@/lib/server/http/endpoints/mfa';

export const { GET, POST, PATCH, PUT, OPTIONS } = otherMethods('DELETE');
