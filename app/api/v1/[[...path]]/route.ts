export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as PATCH,
  unknownPath as PUT,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
} from '@/lib/server/http/unknown-path';
